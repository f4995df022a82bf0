/// <reference types="next" />
declare module '*.css';
