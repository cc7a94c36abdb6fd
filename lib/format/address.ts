/**
 * The delivery address as the account page and the packing lists print it: laid out by its
 * country's postal convention (BeanBloomSubscription's address-format.ts, as the e-mails and
 * receipts print it) once that module has loaded, and in the plain layout (name, street, extra
 * line, "postcode town", country) until then. The country templates weigh about 50 kB gzip, so
 * they arrive through a dynamic import, never on a page's first load. Plain functions for React's
 * `useSyncExternalStore(watchPostalLayout, postalLayout, plainLayout)`: lib holds no React state.
 */
import { addressLines, countryName, type DeliveryAddress } from '@retter-shared/BeanBloomSubscription/address'
import { countryNameIn } from '@/lib/delivery/countries'

/** Lines of an address for display, the name first and the country last. */
export type AddressLayout = (address: DeliveryAddress) => string[]

let loaded: AddressLayout | undefined
let loading: Promise<AddressLayout> | undefined
const waiting = new Set<() => void>()

/**
 * Loads the postal layout once (later calls share the first load); resolves to it. When the
 * chunk cannot be fetched the plain layout stays in use and the next call tries again.
 */
export function loadPostalLayout(): Promise<AddressLayout> {
  if (loaded) return Promise.resolve(loaded)
  if (!loading) {
    loading = import('@retter-shared/BeanBloomSubscription/address-format').then(
      (module) => {
        loaded = module.postalAddressLines
        for (const notify of waiting) notify()
        return loaded
      },
      () => {
        loading = undefined
        return addressLines
      },
    )
  }
  return loading
}

/** The layout to print with now: the postal one once loaded, else the plain one (the same function until then). */
export function postalLayout(): AddressLayout {
  return loaded ?? addressLines
}

/** The layout a server render and the hydrating render use: always the plain one, so both agree. */
export function plainLayout(): AddressLayout {
  return addressLines
}

/**
 * Calls `onChange` once the postal layout has loaded (starting the load); returns the function
 * that stops that.
 */
export function watchPostalLayout(onChange: () => void): () => void {
  waiting.add(onChange)
  void loadPostalLayout()
  return () => {
    waiting.delete(onChange)
  }
}

/**
 * `layout` with the country line in `locale` ("Niederlande" on a German page): the layouts name the
 * country as the class does, in English, and only that line changes.
 */
export function withCountryIn(layout: AddressLayout, locale?: string): AddressLayout {
  if (!locale || locale === 'en') return layout
  return (address) => {
    const english = countryName(address.country)
    return layout(address).map((line) => (line === english ? countryNameIn(address.country, locale) : line))
  }
}
