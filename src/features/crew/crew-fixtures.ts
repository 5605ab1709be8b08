import type { CrewJob, CrewJobs } from '../../domain/field';

/** A job of the crew's list as the backend answers it (tests). */
export function crewJob(overrides: Partial<CrewJob> = {}): CrewJob {
  return {
    orderId: 'order-1',
    orderNumber: 'AF-20261202-101',
    status: 'received',
    date: '2026-12-02',
    start: '08:00',
    end: '12:00',
    lastDate: '2026-12-02',
    hours: 4,
    customerName: 'منى عادل',
    customerPhone: '01012345678',
    moveType: 'full',
    workers: 4,
    pickup: { address: '12 شارع 9', governorateId: 'cairo', districtId: 'maadi', floor: 3 },
    dropoff: { address: '5 شارع التحرير', governorateId: 'giza', districtId: 'dokki', floor: 0 },
    notes: '',
    totalPrice: 1500,
    collectCash: null,
    next: ['on_the_way'],
    truckId: null,
    ...overrides,
  };
}

/** The crew's list of today and tomorrow (tests). */
export function crewJobs(jobs: CrewJob[], dates = ['2026-12-02', '2026-12-03']): CrewJobs {
  return {
    crew: { id: 'crew-maadi', name: 'فريق المعادي', leaderName: 'حسن علي' },
    dates,
    jobs,
  };
}
