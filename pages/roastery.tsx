import { PageTitle } from '@/core/ui/layout/PageTitle'
import { RoasteryPage } from '@/features/roastery/components/RoasteryPage'

export default function Roastery() {
  return (
    <>
      <PageTitle page="Roastery" />
      <RoasteryPage />
    </>
  )
}
