import ReduxExamples
import ReduxInspect

extension Inspector {
    /// The stock inspector: the counter, shop and todos example reducers, registered under
    /// the names their recordings use.
    public static let examples = Inspector(reducers: [
        InspectableReducer(name: "counter", reducer: Counter.reducer, initialState: Counter.State()),
        InspectableReducer(name: "shop", reducer: Shop.reducer, initialState: Shop.State()),
        InspectableReducer(name: "todos", reducer: Todos.reducer, initialState: Todos.State()),
    ])
}
