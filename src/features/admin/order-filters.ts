// The admin orders list's search, filters, sort and page as a query string, so a reload, a shared
// link and Back all show the same list. Pure functions: the URL is untrusted input.
import type { OrderFilter } from '../../data/port';
import { isValidYmd } from '../../domain/datetime';
import { findGovernorate } from '../../domain/governorates';
import { isOrderSort, type OrderSort } from '../../domain/order-query';
import {
  isOrderStatus,
  isPaymentMethod,
  isPaymentStatus,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '../../domain/status';

export interface OrderFilters {
  /** The search that is applied (the search box itself runs ahead of it while typing). */
  search: string;
  status: OrderStatus | '';
  governorateId: string;
  moveDateFrom: string;
  moveDateTo: string;
  paymentStatus: PaymentStatus | '';
  paymentMethod: PaymentMethod | '';
  sort: OrderSort;
  /** 1-based. */
  page: number;
}

export const NO_FILTERS: Readonly<OrderFilters> = Object.freeze({
  search: '',
  status: '',
  governorateId: '',
  moveDateFrom: '',
  moveDateTo: '',
  paymentStatus: '',
  paymentMethod: '',
  sort: 'newest',
  page: 1,
});

/** Query parameter names, in the order they are written. */
const PARAMS: Readonly<Record<keyof OrderFilters, string>> = {
  search: 'q',
  status: 'status',
  governorateId: 'governorate',
  paymentStatus: 'payment',
  paymentMethod: 'method',
  moveDateFrom: 'from',
  moveDateTo: 'to',
  sort: 'sort',
  page: 'page',
};

const PAGE = /^[1-9]\d{0,5}$/;

/** Reads the filters from a query string; a missing or invalid value means "not filtered". */
export function filtersFromParams(params: URLSearchParams): OrderFilters {
  const get = (key: keyof OrderFilters) => params.get(PARAMS[key])?.trim() ?? '';
  const pick = <T extends string>(value: string, valid: (v: string) => v is T): T | '' =>
    valid(value) ? value : '';
  const date = (value: string) => (isValidYmd(value) ? value : '');
  const sort = get('sort');
  const page = get('page');
  return {
    search: get('search'),
    status: pick(get('status'), isOrderStatus),
    governorateId: findGovernorate(get('governorateId'))?.id ?? '',
    moveDateFrom: date(get('moveDateFrom')),
    moveDateTo: date(get('moveDateTo')),
    paymentStatus: pick(get('paymentStatus'), isPaymentStatus),
    paymentMethod: pick(get('paymentMethod'), isPaymentMethod),
    sort: isOrderSort(sort) ? sort : NO_FILTERS.sort,
    page: PAGE.test(page) ? Number(page) : NO_FILTERS.page,
  };
}

/** The query string for `filters`: only what differs from no filter, always in the same order. */
export function filtersToParams(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(PARAMS) as (keyof OrderFilters)[]) {
    const value = key === 'search' ? filters.search.trim() : filters[key];
    if (value !== NO_FILTERS[key]) params.set(PARAMS[key], String(value));
  }
  return params;
}

/** True when anything but the page narrows or reorders the list ("Clear filters" is offered). */
export function hasFilters(filters: OrderFilters): boolean {
  return (Object.keys(NO_FILTERS) as (keyof OrderFilters)[]).some(
    (key) => key !== 'page' && filters[key] !== NO_FILTERS[key],
  );
}

/** The filter as the port wants it: only the parts that are set, without paging. */
export function toOrderFilter(filters: OrderFilters): OrderFilter {
  const filter: OrderFilter = { sort: filters.sort };
  if (filters.search.trim()) filter.search = filters.search.trim();
  if (filters.status) filter.status = filters.status;
  if (filters.governorateId) filter.governorateId = filters.governorateId;
  if (filters.moveDateFrom) filter.moveDateFrom = filters.moveDateFrom;
  if (filters.moveDateTo) filter.moveDateTo = filters.moveDateTo;
  if (filters.paymentStatus) filter.paymentStatus = filters.paymentStatus;
  if (filters.paymentMethod) filter.paymentMethod = filters.paymentMethod;
  return filter;
}
