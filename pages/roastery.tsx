import { PageTitle } from '@/components/ui/layout/PageTitle'
import { RoasteryPage } from '@/components/roastery/RoasteryPage'

export default function Roastery() {
  return (
    <>
      <PageTitle page="Roastery" />
      <RoasteryPage />
    </>
  )
}
