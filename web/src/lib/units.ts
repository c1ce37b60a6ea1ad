// The unit conversions live in contracts/ so that the server words alarm messages like the app shows values.
export * from '../../../contracts/units';
