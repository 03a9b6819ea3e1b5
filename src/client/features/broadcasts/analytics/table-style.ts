// Shared with the inbox reports (src/client/components/analytics); the analytics sections import it from here.
export { COMPACT_TABLE, NARROW_ONLY, WIDE_ONLY, WRAP } from '@client/components/analytics/table-style';
