/** A react-router link styled as a Blueprint button, for navigation between pages. */
import { Classes, Icon, type IconName, type Intent } from '@blueprintjs/core';
import { Link } from 'react-router';

interface LinkButtonProps {
  to: string;
  text: string;
  icon?: IconName;
  endIcon?: IconName;
  intent?: Intent;
  variant?: 'solid' | 'minimal' | 'outlined';
  large?: boolean;
  className?: string;
}

/** A `Link` that looks like a Blueprint `Button`. */
export function LinkButton({ to, text, icon, endIcon, intent, variant, large, className }: LinkButtonProps) {
  const classes = [
    Classes.BUTTON,
    Classes.intentClass(intent),
    variant === 'minimal' ? Classes.MINIMAL : variant === 'outlined' ? Classes.OUTLINED : undefined,
    large ? Classes.LARGE : undefined,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Link to={to} className={classes}>
      {icon && <Icon icon={icon} />}
      <span className={Classes.BUTTON_TEXT}>{text}</span>
      {endIcon && <Icon icon={endIcon} />}
    </Link>
  );
}
