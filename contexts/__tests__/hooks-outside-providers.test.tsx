import { renderHook } from '@testing-library/react'
import { useAccount, useCustomer, usePlanList } from '@/contexts/AccountContext'
import { useAuth } from '@/contexts/AuthContext'
import { useRio } from '@/contexts/RioContext'
import { useRoastery } from '@/contexts/RoasteryContext'

// React logs the thrown error of a failed render; keep the output to what the assertions say.
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => jest.restoreAllMocks())

test.each([
  ['useRio', useRio, 'useRio must be used within a RioProvider'],
  ['useAuth', useAuth, 'useAuth must be used within a AuthProvider'],
  ['useAccount', useAccount, 'useAccount must be used within a AccountProvider'],
  ['useCustomer', useCustomer, 'useCustomer must be used within a AccountProvider'],
  ['usePlanList', usePlanList, 'usePlanList must be used within a AccountProvider'],
  ['useRoastery', useRoastery, 'useRoastery must be used within a RoasteryProvider'],
])('%s outside its provider throws its required message', (_name, hook, message) => {
  expect(() => renderHook(() => hook())).toThrow(message)
})
