// Shared with the inbox reports (src/client/components/analytics); the analytics sections import it from here.
export { SectionCard } from '@client/components/analytics/section-card';
