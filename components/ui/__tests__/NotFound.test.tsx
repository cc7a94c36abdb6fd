import '@/test/intersection-observer'
import { render, screen } from '@testing-library/react'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import NotFoundPage from '@/pages/404'

test('the 404 page says the page does not exist and offers the way on', () => {
  render(<NotFoundPage />, { wrapper: MemoryRouterProvider })
  expect(screen.getByRole('heading', { level: 1, name: 'This cup is empty' })).toBeInTheDocument()
  expect(screen.getByText('Error 404')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'See our plans' })).toHaveAttribute('href', '/')
})
