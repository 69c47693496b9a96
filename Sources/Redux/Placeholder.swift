// Placeholder; the Redux core is being written.
