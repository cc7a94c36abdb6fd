import { act, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { lazyComponent } from '@/lib/react/lazy-component'

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
