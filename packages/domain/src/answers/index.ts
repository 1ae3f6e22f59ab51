export * from './answers-unit';
export * from './rerender-answers';
export * from './whole-profile-answers';
