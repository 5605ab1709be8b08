import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MOVE_TYPES, type MoveType } from '../../../domain/pricing';
import { CheckIcon } from '../../../components/ui/icons';
import { MoveTypeIcon } from './move-type-icon';
import './move-type-choices.css';

interface MoveTypeChoicesProps {
  legend: string;
  value: MoveType | null;
  onChange: (moveType: MoveType) => void;
  /** The price line under each card ("From EGP 1,500", or the customer's own estimate). */
  priceFor: (moveType: MoveType) => ReactNode;
  /** Cards per row from tablet width up; phones always show one per row. */
  columns?: 2 | 3;
}

/**
 * The five services as a real radio group: native radios (arrow keys, one tab stop, form
 * semantics) drawn as cards. Each radio is named by its title alone; the description and price
 * are its description, so a screen reader says "Full move, radio button, 1 of 5" first.
 */
export function MoveTypeChoices({
  legend,
  value,
  onChange,
  priceFor,
  columns = 2,
}: MoveTypeChoicesProps) {
  const { t } = useTranslation('pricing');
  const groupId = useId();
  return (
    <fieldset className="choice-group">
      <legend className="choice-legend">{legend}</legend>
      <div className={`choice-grid choice-grid-${columns}`}>
        {MOVE_TYPES.map((type) => {
          const id = `${groupId}-${type}`;
          return (
            <label key={type} className="choice-card" htmlFor={id}>
              <input
                id={id}
                className="choice-input"
                type="radio"
                name={`${groupId}-move-type`}
                value={type}
                checked={value === type}
                onChange={() => onChange(type)}
                aria-labelledby={`${id}-title`}
                aria-describedby={`${id}-desc ${id}-price`}
              />
              <span className="choice-body">
                <span className="choice-icon-wrap">
                  <MoveTypeIcon type={type} className="choice-icon" />
                </span>
                <span className="choice-text">
                  <span className="choice-title" id={`${id}-title`}>
                    {t(`moveTypes.${type}.label`)}
                  </span>
                  <span className="choice-desc" id={`${id}-desc`}>
                    {t(`moveTypes.${type}.description`)}
                  </span>
                  <span className="choice-price" id={`${id}-price`}>
                    {priceFor(type)}
                  </span>
                </span>
                <span className="choice-check">
                  <CheckIcon />
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
