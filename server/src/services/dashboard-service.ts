import type { Dashboard, DashboardPeriod } from '../../../src/domain/dashboard.ts';
import { dashboardOf } from '../../../src/domain/dashboard.ts';
import type { DashboardRepository } from '../repositories/dashboard-repository.ts';
import type { CapacityService } from './capacity-service.ts';

/** The owner's dashboard (D25): the repository's aggregates, shaped by the domain. */
export class DashboardService {
  readonly #repository: DashboardRepository;
  readonly #capacity: CapacityService;

  constructor(repository: DashboardRepository, capacity: CapacityService) {
    this.#repository = repository;
    this.#capacity = capacity;
  }

  dashboard(period: DashboardPeriod): Dashboard {
    return dashboardOf(period, this.#repository.aggregates(period), this.#capacity.plan());
  }
}
