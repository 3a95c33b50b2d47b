import type * as RadixTabs from '@radix-ui/react-tabs';
import { useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import styled from 'styled-components';
import { TabList } from './Tabs';

const TAB_BACKGROUND = '226, 232, 240'; // TabList's #e2e8f0

/**
 * The edges say there is more: a fade into the tab list's grey with a chevron on the side
 * that scrolls. The chevron is drawn by CSS with empty alternative text, so screen readers
 * (which reach every tab anyway) do not read it.
 */
const Frame = styled.div`
  position: relative;
  min-width: 0;
  &::before,
  &::after {
    position: absolute;
    top: 0;
    bottom: 0;
    z-index: 1;
    display: flex;
    align-items: center;
    width: 44px;
    padding: 0 6px;
    font-size: 1.4rem;
    font-weight: 700;
    line-height: 1;
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
    opacity: 0;
    transition: opacity 0.15s;
  }
  &::before {
    content: '‹' / '';
    left: 0;
    justify-content: flex-start;
    border-radius: ${({ theme }) => `${theme.radii.sm} 0 0 ${theme.radii.sm}`};
    background: linear-gradient(to right, rgb(${TAB_BACKGROUND}) 45%, rgba(${TAB_BACKGROUND}, 0));
  }
  &::after {
    content: '›' / '';
    right: 0;
    justify-content: flex-end;
    border-radius: ${({ theme }) => `0 ${theme.radii.sm} ${theme.radii.sm} 0`};
    background: linear-gradient(to left, rgb(${TAB_BACKGROUND}) 45%, rgba(${TAB_BACKGROUND}, 0));
  }
  &[data-more-start='true']::before,
  &[data-more-end='true']::after {
    opacity: 1;
  }
`;

const List = styled(TabList)`
  overflow-x: auto;
  scrollbar-width: none;
  grid-auto-columns: max-content;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-auto-columns: 1fr;
  }
`;

/** How far a tab brought into view stays from the edge, clear of the fade. */
const EDGE = 40;

/**
 * A tab list that scrolls sideways when its tabs do not fit (phones): the edges that hide tabs
 * fade out with a chevron, and the active tab is scrolled into view — on arrival (a link to the
 * sixth tab) and whenever the active tab changes. `className` styles the list itself.
 */
export function ScrollingTabList({ className, children, ...props }: ComponentProps<typeof RadixTabs.List>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const hidden = list.scrollWidth - list.clientWidth;
      const start = hidden > 1 && list.scrollLeft > 1;
      const end = hidden > 1 && list.scrollLeft < hidden - 1;
      setMore((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    const reveal = () => {
      const active = list.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
      if (active && list.scrollWidth > list.clientWidth) {
        const tab = active.getBoundingClientRect();
        const frame = list.getBoundingClientRect();
        if (tab.left < frame.left + EDGE) list.scrollLeft -= frame.left + EDGE - tab.left;
        else if (tab.right > frame.right - EDGE) list.scrollLeft += tab.right - (frame.right - EDGE);
      }
      measure();
    };
    reveal();
    list.addEventListener('scroll', measure, { passive: true });
    const changes = new MutationObserver(reveal);
    changes.observe(list, { attributes: true, subtree: true, attributeFilter: ['data-state'] });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reveal);
    resizes?.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      changes.disconnect();
      resizes?.disconnect();
    };
  }, []);

  return (
    <Frame data-more-start={more.start} data-more-end={more.end} data-testid="scrolling-tabs">
      <List ref={listRef} className={className} {...props}>
        {children}
      </List>
    </Frame>
  );
}
