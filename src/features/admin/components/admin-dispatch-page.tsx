import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { formatDate, formatMoveDay, formatTimeRange } from '../../../domain/datetime';
import type { AssignmentChoice } from '../../../domain/dispatch';
import { crewFirstName } from '../../../domain/fleet';
import { findGovernorate, governorateName } from '../../../domain/governorates';
import type { Order } from '../../../domain/order';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import {
  hasUnassigned,
  type BoardChip,
  type BoardDay,
  type BoardWindow,
  type CrewRowOfDay,
} from '../dispatch-board';
import { useDispatchBoard } from '../hooks/use-dispatch-board';
import { orderLabels } from '../order-labels';
import { AdminFrame } from './admin-frame';
import { AssignDialog, refusalKey } from './assign-dialog';
import type { Notify } from './toast';
import './admin-dispatch.css';

/**
 * /admin-dispatch (D28): the board of a day (three on a desktop): the fleet's crews against the
 * plan's windows, each cell the moves that crew does in that window. A chip is dragged to
 * another crew or window, or opened (keyboard, screen reader, touch) to move or assign it.
 */
export function AdminDispatchPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminFrame
      metaTitle={t('dispatch.metaTitle')}
      title={t('dispatch.title')}
      lead={t('dispatch.lead')}
    >
      {(notify) => <Dispatch notify={notify} />}
    </AdminFrame>
  );
}

/** A drop target: one crew's window of one day. */
interface Target {
  crewId: string;
  date: string;
  windowId: string;
}

const targetKey = (target: Target) => `${target.crewId}|${target.date}|${target.windowId}`;

function Dispatch({ notify }: { notify: Notify }) {
  const { t } = useTranslation(['admin', 'errors']);
  const language = useDisplayLanguage();
  const ids = useId();
  // One day at a time, on a phone and a desk alike: a second media query here would split the
  // home page's own out of its first download (D23's budget).
  const board = useDispatchBoard(1);
  const { state } = board;
  const [open, setOpen] = useState<BoardChip | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  // After a change the moved chip keeps the focus once the board shows where it went.
  const focusOrder = useRef<string | null>(null);
  useEffect(() => {
    const id = focusOrder.current;
    if (!id) return;
    const chips = Array.from(document.querySelectorAll<HTMLElement>('[data-order-chip]')).filter(
      (element) => element.dataset.orderChip === id,
    );
    const chip = chips.find((element) => element.draggable) ?? chips[0];
    if (chip) {
      chip.focus();
      focusOrder.current = null;
    }
  }, [board.days]);

  const loaded = state.kind === 'loaded' ? state.board : null;
  const windowName = (id: string) => {
    const window = loaded?.windows.find((w) => w.id === id);
    return window ? formatTimeRange(window.start, window.end, language) : id;
  };
  const crewName = (id: string) => loaded?.fleet.crews.find((c) => c.id === id)?.name ?? id;

  const announceDone = (order: Order, choice: AssignmentChoice) => {
    focusOrder.current = order.id;
    notify({
      kind: 'success',
      title: t('admin:dispatch.assigned', {
        number: order.orderNumber,
        crew: crewName(choice.crewId),
        window: windowName(choice.windowId),
        date: formatDate(choice.date, language),
      }),
    });
  };

  const drop = async (orderId: string, target: Target) => {
    const chip = board.days
      .flatMap((day) => [
        ...day.crews.flatMap((row) => Object.values(row.cells).flat()),
        ...Object.values(day.unassigned).flat(),
        ...day.outside,
      ])
      .find((c) => c.order.id === orderId);
    if (!chip) return;
    const first = chip.order.assignment?.slots[0];
    if (
      first &&
      chip.order.assignment?.crewId === target.crewId &&
      first.date === target.date &&
      first.windowId === target.windowId
    ) {
      return;
    }
    const choice: AssignmentChoice = { ...target };
    try {
      const updated = await board.assign(orderId, choice);
      announceDone(updated, choice);
    } catch (error) {
      notify({
        kind: 'error',
        title: t('admin:dispatch.refused', { number: chip.order.orderNumber }),
        detail: t(refusalKey(error)),
      });
    }
  };

  const dropProps = (target: Target) => {
    const key = targetKey(target);
    return {
      className: over === key ? 'is-drop-target' : undefined,
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (!dragging) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (over !== key) setOver(key);
      },
      onDragLeave: () => setOver((current) => (current === key ? null : current)),
      onDrop: (event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        const orderId = event.dataTransfer.getData('text/plain') || dragging;
        setOver(null);
        setDragging(null);
        if (orderId) void drop(orderId, target);
      },
    };
  };

  const chipProps = {
    onOpen: setOpen,
    onDragStart: (orderId: string) => setDragging(orderId),
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
  };

  return (
    <>
      <div className="admin-toolbar dispatch-toolbar">
        <div className="admin-calendar-moves">
          <button type="button" className="btn btn-secondary" onClick={board.previous}>
            {t('admin:dispatch.previous')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={board.today}>
            {t('admin:dispatch.today')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={board.next}>
            {t('admin:dispatch.next')}
          </button>
        </div>
        <div className="field dispatch-date">
          <label htmlFor={`${ids}-date`}>{t('admin:dispatch.date')}</label>
          <input
            id={`${ids}-date`}
            className="input"
            type="date"
            value={board.from}
            onChange={(e) => board.goTo(e.target.value)}
          />
        </div>
      </div>

      {state.kind === 'unavailable' && <p className="card">{t('admin:dispatch.unavailable')}</p>}
      {state.kind === 'loading' && (
        <LoadingStatus className="admin-loading">{t('admin:dispatch.loading')}</LoadingStatus>
      )}
      {state.kind === 'error' && (
        <div className="alert alert-error" role="alert">
          <strong>{t('admin:dispatch.loadError')}</strong> {t(state.messageKey)}{' '}
          <button type="button" className="btn btn-secondary" onClick={board.reload}>
            {t('admin:orders.retry')}
          </button>
        </div>
      )}
      {loaded && loaded.fleet.crews.length === 0 && (
        <p className="card">
          {t('admin:dispatch.noCrews')} <Link to={paths.adminFleet}>{t('admin:nav.fleet')}</Link>
        </p>
      )}
      {loaded &&
        board.days.map((day) => (
          <BoardOfDay key={day.date} day={day} dropProps={dropProps} chip={chipProps} />
        ))}

      {open && loaded && (
        <AssignDialog
          chip={open}
          fleet={loaded.fleet}
          windows={board.days[0]?.windows ?? []}
          assign={board.assign}
          onDone={(order, choice) => {
            setOpen(null);
            announceDone(order, choice);
          }}
          onCancel={() => setOpen(null)}
        />
      )}
    </>
  );
}

interface ChipHandlers {
  onOpen(chip: BoardChip): void;
  onDragStart(orderId: string): void;
  onDragEnd(): void;
}

function BoardOfDay({
  day,
  dropProps,
  chip,
}: {
  day: BoardDay;
  dropProps: (target: Target) => {
    className: string | undefined;
    onDragOver(event: DragEvent<HTMLElement>): void;
    onDragLeave(): void;
    onDrop(event: DragEvent<HTMLElement>): void;
  };
  chip: ChipHandlers;
}) {
  const { t } = useTranslation('admin');
  const language = useDisplayLanguage();
  const ids = useId();
  const num = (n: number) => formatNumber(n, language);
  const dayName = formatMoveDay(day.date, language);
  const unassigned = hasUnassigned(day);

  return (
    <section className="card dispatch-day" aria-labelledby={`${ids}-day`}>
      <h2 id={`${ids}-day`} className="admin-panel-title">
        <time dateTime={day.date}>{dayName}</time>
      </h2>
      {/* Its own sideways scroll on a phone, by keyboard too: never the page's. */}
      <div
        className="dispatch-scroll"
        tabIndex={0}
        role="region"
        aria-label={t('dispatch.scroll', { day: dayName })}
      >
        <div
          className="dispatch-board"
          role="table"
          aria-label={t('dispatch.boardOf', { day: dayName })}
          data-windows={Math.min(day.windows.length, 12)}
        >
          <div className="dispatch-row dispatch-head" role="row">
            <span role="columnheader" className="dispatch-corner">
              {t('dispatch.crew')}
            </span>
            {day.windows.map((window) => (
              <span role="columnheader" key={window.id} className="dispatch-window">
                <bdi>{formatTimeRange(window.start, window.end, language)}</bdi>{' '}
                <span className="admin-sub">
                  {t('dispatch.windowCap', { value: num(window.crews) })}
                </span>
              </span>
            ))}
          </div>
          {day.crews.map((row) => (
            <CrewRow key={row.crew.id} row={row} day={day} dropProps={dropProps} chip={chip} />
          ))}
          {unassigned && (
            <div className="dispatch-row dispatch-unassigned" role="row">
              <span role="rowheader" className="dispatch-crew">
                <span className="admin-strong">{t('dispatch.unassigned')}</span>{' '}
                <span className="admin-sub">{t('dispatch.unassignedHint')}</span>
              </span>
              {day.windows.map((window) => (
                <div role="cell" key={window.id} className="dispatch-cell">
                  <Chips chips={day.unassigned[window.id] ?? []} handlers={chip} />
                </div>
              ))}
            </div>
          )}
        </div>
      </div>
      {day.outside.length > 0 && (
        <div className="dispatch-outside">
          <h3>{t('dispatch.noWindow')}</h3>
          <Chips chips={day.outside} handlers={chip} />
        </div>
      )}
    </section>
  );
}

function CrewRow({
  row,
  day,
  dropProps,
  chip,
}: {
  row: CrewRowOfDay;
  day: BoardDay;
  dropProps: Parameters<typeof BoardOfDay>[0]['dropProps'];
  chip: ChipHandlers;
}) {
  const { t } = useTranslation('admin');
  const language = useDisplayLanguage();
  const { crew } = row;
  const leader = crewFirstName(crew);
  const home = findGovernorate(crew.governorates[0]);
  return (
    <div className={`dispatch-row${row.off ? ' is-off' : ''}`} role="row">
      <span role="rowheader" className="dispatch-crew">
        <span className="admin-strong">
          <bdi>{crew.name}</bdi>
        </span>{' '}
        <span className="admin-sub">
          {leader ? t('dispatch.leader', { name: leader }) : t('dispatch.noLeader')}
        </span>{' '}
        {home && <span className="admin-sub">{governorateName(home, language)} </span>}
        {row.trucks.length > 0 && (
          <span className="admin-sub">
            {/* A plate mixes Arabic letters and digits: isolated, it reads as written. */}
            <Trans
              t={t}
              i18nKey="dispatch.trucks"
              values={{ plates: row.trucks.join(language === 'ar' ? '، ' : ', ') }}
              components={{ plates: <bdi /> }}
            />{' '}
          </span>
        )}
        {row.off && (
          <span className="admin-sub dispatch-off">
            {crew.active ? t('dispatch.off') : t('dispatch.inactive')}
          </span>
        )}
      </span>
      {day.windows.map((window: BoardWindow) => {
        const target = { crewId: crew.id, date: day.date, windowId: window.id };
        const { className, ...handlers } = dropProps(target);
        const chips = row.cells[window.id] ?? [];
        return (
          <div
            role="cell"
            key={window.id}
            className={['dispatch-cell', className].filter(Boolean).join(' ')}
            {...handlers}
          >
            {chips.length > 0 ? (
              <Chips chips={chips} handlers={chip} />
            ) : (
              <span className="dispatch-free">{t('dispatch.free')}</span>
            )}
          </div>
        );
      })}
    </div>
  );
}

function Chips({ chips, handlers }: { chips: readonly BoardChip[]; handlers: ChipHandlers }) {
  return (
    <ul className="dispatch-chips">
      {chips.map((chip) => (
        <li key={`${chip.order.id}-${chip.kind}`}>
          <OrderChip chip={chip} handlers={handlers} />
        </li>
      ))}
    </ul>
  );
}

function OrderChip({ chip, handlers }: { chip: BoardChip; handlers: ChipHandlers }) {
  const { t } = useTranslation(['admin', 'common']);
  const language = useDisplayLanguage();
  const { order, kind } = chip;
  const labels = orderLabels(order, language);
  const hours = order.assignment?.hours;
  const movable = kind === 'start';
  return (
    <button
      type="button"
      className={`dispatch-chip${movable ? '' : ' is-continuation'}`}
      data-order-chip={order.id}
      draggable={movable}
      aria-haspopup="dialog"
      onClick={() => handlers.onOpen(chip)}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', order.id);
        event.dataTransfer.effectAllowed = 'move';
        handlers.onDragStart(order.id);
      }}
      onDragEnd={handlers.onDragEnd}
    >
      <span className="dispatch-chip-top">
        <bdi className="ltr-value admin-strong">{order.orderNumber}</bdi>{' '}
        {kind !== 'start' && (
          <span className="dispatch-chip-tag">
            {t(kind === 'continues' ? 'admin:dispatch.continues' : 'admin:dispatch.fromYesterday')}
          </span>
        )}
      </span>{' '}
      <span>{labels.moveType}</span>{' '}
      <span>
        {t('admin:dispatch.route', {
          from: labels.district || labels.governorate,
          to: labels.dropoffDistrict || labels.dropoffGovernorate,
        })}
      </span>{' '}
      {hours !== undefined && hours > 0 && (
        <span>{t('admin:dispatch.hours', { value: formatNumber(hours, language) })} </span>
      )}
      <span className="dispatch-chip-status">{labels.status}</span>
    </button>
  );
}
