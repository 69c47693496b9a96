import Redux

/// Sessions recorded as an app records them, for tests that need a recording a `Recorder`
/// wrote rather than one typed by hand.
enum RecordedSession {
    /// The recording of `actions` dispatched into a store with `reducer`, from
    /// `initialState`, made by a `Recorder` with `options` attached to it.
    static func text<State: Encodable & Sendable, Action: Encodable & Sendable>(
        from initialState: State, _ reducer: Reducer<State, Action>, options: Recorder<State, Action>.Options,
        dispatching actions: [Action]
    ) -> String {
        let sink = MemoryRecordingSink()
        let recorder = Recorder<State, Action>(sink: sink, options: options)
        let store = Store(initialState: initialState, reducer: reducer, middleware: [recorder.middleware])
        for action in actions { store.dispatch(action) }
        recorder.close()
        return sink.text
    }
}
