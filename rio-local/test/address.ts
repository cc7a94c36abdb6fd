/** A delivery address the Account class accepts (a subscription cannot start without one). */
export const TEST_ADDRESS = { name: 'Jane Roaster', line1: 'Keizersgracht 1', city: 'Amsterdam', postalCode: '1015 CJ', country: 'NL' }
