// The JSX runtime Bun compiles the server's (and server-rendered client's) JSX
// against (`jsxImportSource` in bunfig.toml). Bun picks `jsx-runtime` or
// `jsx-dev-runtime` from how NODE_ENV reached the process (and, from 1.4 on,
// from tsconfig), while React picks its build from NODE_ENV when first loaded:
// a mismatch made every page a 500 ("jsxDEV is not a function"). Both entry
// points here call React's production-shaped `jsx`/`jsxs`, which every React
// build exports, so the two choices no longer have to agree.
export { Fragment, jsx, jsxs } from 'react/jsx-runtime'
