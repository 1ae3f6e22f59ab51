export * from './answers-unit';
export * from './rerender-answers';
