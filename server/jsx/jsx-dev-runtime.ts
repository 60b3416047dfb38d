// See jsx-runtime.ts: `jsxDEV` is what Bun calls when it compiles JSX in
// development mode; React's production build exports no such function.
import type { ElementType, ReactElement } from 'react'
import { jsx, jsxs } from 'react/jsx-runtime'

export { Fragment } from 'react/jsx-runtime'

export function jsxDEV(
  type: ElementType,
  props: unknown,
  key: string | undefined,
  isStaticChildren: boolean,
): ReactElement {
  return (isStaticChildren ? jsxs : jsx)(type, props, key)
}
