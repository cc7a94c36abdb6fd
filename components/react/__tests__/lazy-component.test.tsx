import { act, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { lazyComponent } from '@/components/react/lazy-component'

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>
}

test('renders the fallback on the server and until the chunk arrives, then the component with its props', async () => {
  let arrive: (component: typeof Greeting) => void = () => undefined
  const { Lazy } = lazyComponent(() => new Promise<typeof Greeting>((resolve) => { arrive = resolve }))
  expect(renderToString(<Lazy name="Ada" fallback={<p>Plans</p>} />)).toBe('<p>Plans</p>')

  render(<Lazy name="Ada" fallback={<p>Plans</p>} />)
  expect(screen.getByText('Plans')).toBeInTheDocument()
  await act(async () => arrive(Greeting))
  expect(screen.getByText('Hello Ada')).toBeInTheDocument()
  expect(screen.queryByText('Plans')).not.toBeInTheDocument()
})

test('once loaded, a later mount renders the component at once, without the fallback', async () => {
  const lazy = lazyComponent(() => Promise.resolve(Greeting))
  await lazy.load()
  render(<lazy.Lazy name="Bo" fallback={<p>Plans</p>} />)
  expect(screen.getByText('Hello Bo')).toBeInTheDocument()
})

test('load() shares one import, rejects when it fails, and the next call tries again', async () => {
  const importer = jest.fn<Promise<typeof Greeting>, []>()
    .mockRejectedValueOnce(new Error('Loading chunk failed'))
    .mockResolvedValue(Greeting)
  const lazy = lazyComponent(importer)
  const first = lazy.load()
  expect(lazy.load()).toBe(first)
  await expect(first).rejects.toThrow('Loading chunk failed')
  await expect(lazy.load()).resolves.toBe(Greeting)
  expect(importer).toHaveBeenCalledTimes(2)
})

// Without a fallback (the toast outlet, the analytics tag): nothing until the chunk is there.
test('without a fallback: nothing on the server, then the loaded component with its props after hydration', async () => {
  const load = jest.fn(() => Promise.resolve(Greeting))
  const { Lazy } = lazyComponent(load)
  expect(renderToString(<Lazy name="Ada" />)).toBe('')
  expect(load).not.toHaveBeenCalled()

  render(<Lazy name="Ada" />)
  expect(await screen.findByText('Hello Ada')).toBeInTheDocument()
})

test('without a fallback: one load of its chunk serves every mount', async () => {
  const load = jest.fn(() => Promise.resolve(Greeting))
  const { Lazy } = lazyComponent(load)
  render(<><Lazy name="one" /><Lazy name="two" /></>)
  expect(await screen.findByText('Hello one')).toBeInTheDocument()
  expect(await screen.findByText('Hello two')).toBeInTheDocument()
  expect(load).toHaveBeenCalledTimes(1)
})

test('without a fallback: a chunk that fails to load renders nothing, and the next mount tries again', async () => {
  const load = jest.fn<Promise<typeof Greeting>, []>()
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockResolvedValueOnce(Greeting)
  const { Lazy } = lazyComponent(load)
  const { container, unmount } = render(<Lazy name="Ada" />)
  await Promise.resolve()
  await Promise.resolve()
  expect(container).toBeEmptyDOMElement()
  unmount()

  render(<Lazy name="Ada" />)
  expect(await screen.findByText('Hello Ada')).toBeInTheDocument()
  expect(load).toHaveBeenCalledTimes(2)
})
