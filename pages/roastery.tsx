import { PageTitle } from '@/core/ui/layout/PageTitle'
import { RoasteryPage } from '@/features/roastery'

export default function Roastery() {
  return (
    <>
      <PageTitle page="Roastery" />
      <RoasteryPage />
    </>
  )
}
