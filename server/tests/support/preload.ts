/**
 * Loaded before every `bun test` file (bunfig.toml `[test] preload`): what the test processes
 * alone change. Servers that tests start as processes of their own keep the server's settings.
 */
import { lowerPasswordCostForTests } from '../../services/auth/account'

// argon2id at the server's cost takes about 0.25 s of a core per hash or check; the suites sign
// in hundreds of times (measured: the security and backup folders, 230 s against 119 s).
lowerPasswordCostForTests()
