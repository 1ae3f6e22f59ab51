export * from './answers-unit';
export * from './rerender-answers';
export * from './take-out-of-service';
export * from './whole-profile-answers';
