import Foundation
import Redux

/// The scripted sessions of the example apps that produce `Fixtures/*.jsonl`.
///
/// Each runs a real ``Store`` with the app's middleware and a ``Recorder`` attached last, so
/// the fixtures are what the recorder really writes. With the default fixed clock the output
/// is byte-identical from run to run; `swift test` checks that the committed fixtures match.
public enum ExampleSession: String, CaseIterable, Sendable {
    /// Counter, with states every 5 actions.
    case counter
    /// Shop, with a state after every action and the password redacted.
    case shop
    /// Todos, with no states (the inspector replays them).
    case todos

    /// The fixture's file name, e.g. `shop.jsonl`.
    public var fileName: String { "\(rawValue).jsonl" }

    /// The clock fixtures are recorded with: 2026-11-22T10:00:00Z, 250 ms per reading.
    public static let fixtureClock: @Sendable () -> RecordingClock = {
        .stepping(from: Date(timeIntervalSince1970: 1_795_341_600), by: 0.25)
    }

    /// Runs the session and records it.
    ///
    /// - Parameters:
    ///   - sink: Where the recording goes.
    ///   - clock: The recorder's clock; a fresh fixture clock by default.
    public func record(to sink: any RecordingSink, clock: RecordingClock = ExampleSession.fixtureClock()) {
        switch self {
        case .counter:
            let recorder = Recorder<Counter.State, Counter.Action>(
                sink: sink, options: .init(reducer: "counter", app: "Counter demo", statePolicy: .every(5), clock: clock))
            let store = Store(initialState: Counter.State(), reducer: Counter.reducer, middleware: [recorder.middleware])
            Self.counterScript.forEach(store.dispatch)
            recorder.close()
        case .shop:
            let recorder = Recorder<Shop.State, Shop.Action>(
                sink: sink,
                options: .init(reducer: "shop", app: "Shop demo", statePolicy: .everyAction, redactedKeys: ["password"], clock: clock))
            let store = Store(
                initialState: Shop.State(), reducer: Shop.reducer,
                middleware: [Shop.loginMiddleware(), recorder.middleware])
            Self.shopScript.forEach(store.dispatch)
            recorder.close()
        case .todos:
            let recorder = Recorder<Todos.State, Todos.Action>(
                sink: sink, options: .init(reducer: "todos", app: "Todos demo", statePolicy: .never, clock: clock))
            let store = Store(initialState: Todos.State(), reducer: Todos.reducer, middleware: [recorder.middleware])
            Self.todosScript.forEach(store.dispatch)
            recorder.close()
        }
    }

    static let counterScript: [Counter.Action] = [
        .increment, .increment, .increment, .incrementBy(n: 5), .decrement,
        .incrementBy(n: -2), .increment, .reset, .increment, .incrementBy(n: 10),
        .decrement, .decrement, .incrementBy(n: 3), .increment, .reset,
        .incrementBy(n: 42), .decrement, .increment, .incrementBy(n: -40), .increment,
        .increment, .decrement,
    ]

    /// The shopper adds items, fails and then succeeds to sign in, adjusts a package, removes
    /// lines by setting quantity 0, signs out (emptying the cart) and shops again.
    static let shopScript: [Shop.Action] = [
        .addToCart(productID: 1, quantity: 2),
        .addToCart(productID: 3, quantity: 1),
        .loginRequest(username: "ada", password: "wrong-password"),
        .dismissError,
        .loginRequest(username: "ada", password: "lovelace"),
        .setQuantity(itemID: 1, quantity: 3),
        .setPackageQuantity(packageID: 200, itemID: 3, quantity: 1),
        .setPackageQuantity(packageID: 200, itemID: 4, quantity: 0),
        .addPackageToCart(packageID: 200),
        .addToCart(productID: 5, quantity: 2),
        .setQuantity(itemID: 3, quantity: 0),
        .removeFromCart(itemID: 5),
        .addPackageToCart(packageID: 100),
        .setQuantity(itemID: 2, quantity: 2),
        .addToCart(productID: 42, quantity: 1),
        .dismissError,
        .logout,
        .loginRequest(username: "grace", password: "hopper"),
        .addToCart(productID: 4, quantity: 1),
        .addToCart(productID: 2, quantity: 1),
        .setQuantity(itemID: 4, quantity: 2),
    ]

    static let todosScript: [Todos.Action] = [
        .addItem(title: "Buy oat milk"),
        .addItem(title: "Call Ada about the café ☕"),
        .addCategory(name: "Work"),
        .addItem(title: "Write the release notes"),
        .addItem(title: "Review PR #42"),
        .toggleDone(id: 6),
        .selectItem(id: 5),
        .selectCategory(id: 1),
        .toggleDone(id: 2),
        .addItem(title: "Water the plants"),
        .deleteItem(id: 3),
        .setShowCompleted(false),
        .addCategory(name: "Home"),
        .addItem(title: "Fix the \"leaky\" tap"),
        .selectCategory(id: 4),
        .toggleDone(id: 5),
        .deleteCategory(id: 8),
        .setShowCompleted(true),
        .selectItem(id: 7),
        .toggleDone(id: 7),
        .deleteItem(id: 7),
    ]
}
