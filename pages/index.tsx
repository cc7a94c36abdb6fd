export default function Home() {
  return <main>placeholder</main>
}
