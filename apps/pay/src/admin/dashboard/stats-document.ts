import { graphql } from '../gql';

export const StatsDocument = graphql(`
  query AdminStats($range: DateRangeInput!, $integrationId: ID) {
    stats(range: $range, integrationId: $integrationId) {
      sessionCount
      countsByStatus {
        status
        count
      }
      collected {
        currency
        amountMinor
      }
      refunded {
        currency
        amountMinor
      }
      medianSecondsToComplete
      deliverySuccessRate
    }
  }
`);
