/**
 * The carriers and the loose check of tracking numbers (BeanBloomBoard's carriers.ts): every
 * carrier links to an https page holding the number, a number is accepted with the spaces and
 * dashes labels print, and whatever is accepted is what the Account's input model accepts.
 */
import fc from 'fast-check'
import { CARRIERS, carrierNamed, cleanTracking, trackingUrl } from '@retter-shared/BeanBloomBoard/carriers'
import recordShipment from '../../models/RecordShipmentInput.json'

const numberPattern = new RegExp(recordShipment.properties.tracking.properties.number.pattern)
const carrierPattern = new RegExp(recordShipment.properties.tracking.properties.carrier.pattern)

test('the carriers a European roastery ships with, each with its tracking page', () => {
  expect(CARRIERS.map((c) => c.name)).toEqual(expect.arrayContaining(['DHL', 'DPD', 'GLS', 'UPS', 'PostNL', 'La Poste / Colissimo']))
  for (const carrier of CARRIERS) {
    expect(carrier.trackingUrl).toMatch(/^https:\/\/[^{}]+\{number\}[^{}]*$/)
    expect(carrier.id).toMatch(carrierPattern)
  }
  expect(carrierNamed('Colissimo')?.id).toBe('colissimo')
  expect(carrierNamed(' dhl ')?.id).toBe('dhl')
  expect(carrierNamed('Pigeon')).toBeUndefined()
})

test('a tracking number is cleaned of spaces and dashes, and refused by field when it cannot be one', () => {
  expect(cleanTracking('UPS', '1z 999-aa1 0123456784')).toEqual({ tracking: { carrier: 'ups', number: '1Z999AA10123456784' } })
  expect(cleanTracking('pigeon', '123456')).toMatchObject({ refusal: { field: 'carrier', code: 'INVALID_CARRIER', message: expect.stringContaining('not "pigeon"') } })
  for (const bad of ['12345', 'x'.repeat(41), '123456<script>', '', undefined]) {
    expect(cleanTracking('dhl', bad)).toMatchObject({ refusal: { field: 'trackingNumber', code: 'INVALID_TRACKING_NUMBER' } })
  }
})

test('whatever is accepted fits the Account\'s model and its link carries exactly that number', () => {
  fc.assert(fc.property(fc.constantFrom(...CARRIERS), fc.string({ maxLength: 60 }), (carrier, typed) => {
    const result = cleanTracking(carrier.name === 'DHL' ? 'DhL' : carrier.id, typed)
    if (!('tracking' in result)) return
    expect(result.tracking.number).toMatch(numberPattern)
    expect(trackingUrl(result.tracking)).toBe(carrier.trackingUrl.replace('{number}', result.tracking.number))
  }))
})
