/**
 * `npm run backend`: the local runtime (rio-local/main.ts) on this repo's shop, alone, with the
 * `.env*` files loaded as Next loads them (the shell's variables win). The runtime
 * itself checks only its own settings; this applies the shop's (scripts/lib/shop-env.ts) first: its
 * local defaults where the environment has none, and its Stripe rules (a real Stripe needs
 * STRIPE_WEBHOOK_SECRET), so a start the shop cannot run with stops here, naming the variables.
 * Without any Stripe setting it starts: a class that then needs Stripe fails with its own error.
 */
import path from 'node:path'
import { loadEnv } from './lib/config'
import { assertShopEnv, localstripeCeiling, shopDefaults } from './lib/shop-env'

const root = path.resolve(__dirname, '..')
loadEnv(root)
const shop = path.join(root, 'retter')
const projectDir = process.env.RIO_LOCAL_PROJECT_DIR?.trim()
// Another project (RIO_LOCAL_PROJECT_DIR) gets none of the shop's settings or checks.
if (!projectDir || path.resolve(projectDir) === shop) {
  try {
    assertShopEnv(process.env)
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(2)
  }
  Object.assign(process.env, shopDefaults(process.env), localstripeCeiling(process.env))
}
// The runtime starts when its module loads (in this process, so Ctrl-C reaches it once).
void import('../rio-local/main')
