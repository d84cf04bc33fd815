// A toast closes when clicked anywhere (app/provider.tsx). A toast with this class instead presses
// its action when clicked anywhere: an alert's toast opens its ticket and marks it read however it
// is clicked (the spec). Features set it; the app's provider reads it.

export const TOAST_OPENS_ON_CLICK = 'toast-opens-on-click';
