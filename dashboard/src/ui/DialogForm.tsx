import styled from 'styled-components';
import { Button } from './Button';

/** The form inside a dialog: fields stacked with the theme's spacing. */
export const DialogForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

/** A dialog's buttons, right-aligned, wrapping on narrow screens. */
export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A text-like button that switches a form between ways of answering (password ⇄ code). */
export const SwitchButton = styled(Button).attrs({ type: 'button', $variant: 'ghost' })`
  justify-self: start;
  padding-left: 0;
  padding-right: 0;
  text-align: left;
  text-decoration: underline;
`;
