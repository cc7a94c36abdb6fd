import { render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterHydration } from '@/lib/react/after-hydration'

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>
}

test('renders nothing on the server, then the loaded component with its props after hydration', async () => {
  const load = jest.fn(() => Promise.resolve(Greeting))
  const Lazy = afterHydration(load)
  expect(renderToString(<Lazy name="Ada" />)).toBe('')
  expect(load).not.toHaveBeenCalled()

  render(<Lazy name="Ada" />)
  expect(await screen.findByText('Hello Ada')).toBeInTheDocument()
})

test('loads its chunk once for every mount', async () => {
  const load = jest.fn(() => Promise.resolve(Greeting))
  const Lazy = afterHydration(load)
  render(<><Lazy name="one" /><Lazy name="two" /></>)
  expect(await screen.findByText('Hello one')).toBeInTheDocument()
  expect(await screen.findByText('Hello two')).toBeInTheDocument()
  expect(load).toHaveBeenCalledTimes(1)
})

test('a chunk that fails to load renders nothing, and the next mount tries again', async () => {
  const load = jest.fn<Promise<typeof Greeting>, []>()
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockResolvedValueOnce(Greeting)
  const Lazy = afterHydration(load)
  const { container, unmount } = render(<Lazy name="Ada" />)
  await Promise.resolve()
  await Promise.resolve()
  expect(container).toBeEmptyDOMElement()
  unmount()

  render(<Lazy name="Ada" />)
  expect(await screen.findByText('Hello Ada')).toBeInTheDocument()
  expect(load).toHaveBeenCalledTimes(2)
})
