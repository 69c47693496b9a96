import Foundation
import Redux

// Tiny state and action types for the Redux tests.

struct CounterState: Codable, Sendable, Equatable {
    var count = 0
}

enum CounterAction: Codable, Sendable, Equatable {
    case increment
    case decrement
    case incrementBy(n: Int)
    case reset
}

let counterReducer = Reducer<CounterState, CounterAction> { state, action in
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case .incrementBy(let n): state.count += n
    case .reset: state.count = 0
    }
}

/// A state whose reducer logs every action it sees, for tests of ordering.
struct LogState: Codable, Sendable, Equatable {
    var seen: [String] = []
}

enum FlowAction: Codable, Sendable, Equatable {
    case trigger
    case followUp
    case other
}

let logReducer = Reducer<LogState, FlowAction> { state, action in
    state.seen.append(ActionType.name(of: action))
}

/// Login data with a password two levels down, for redaction tests.
struct Credentials: Codable, Sendable, Equatable {
    var user: String
    var secret: Nested
}

struct Nested: Codable, Sendable, Equatable {
    var password: String
    var pin: String
    var hint: String

    enum CodingKeys: String, CodingKey {
        case password
        case pin = "PIN"
        case hint
    }
}

struct AuthState: Codable, Sendable, Equatable {
    var user: String?
    var attempts = 0
}

enum AuthAction: Codable, Sendable, Equatable {
    case login(Credentials)
    case logout
}

let authReducer = Reducer<AuthState, AuthAction> { state, action in
    switch action {
    case .login(let credentials):
        state.user = credentials.user
        state.attempts += 1
    case .logout:
        state.user = nil
    }
}

/// A shop-like state with the value kinds the recording format must keep exactly.
struct ShopState: Codable, Sendable, Equatable {
    var items: [ShopItem] = []
    var total: Decimal = 0
    var note = ""
}

struct ShopItem: Codable, Sendable, Equatable {
    var name: String
    var price: Decimal
    var quantity: Int
    var tags: [String]
}

enum ShopAction: Codable, Sendable, Equatable {
    case add(ShopItem)
    case note(String)
    /// Carries a value that may not be representable in JSON; the reducer ignores it.
    case measure(Double)
}

let shopReducer = Reducer<ShopState, ShopAction> { state, action in
    switch action {
    case .add(let item):
        state.items.append(item)
        state.total = state.items.reduce(0) { $0 + $1.price * Decimal($1.quantity) }
    case .note(let text):
        state.note = text
    case .measure:
        break
    }
}

/// The fixed start of every recording made with a stepping clock: 2026-11-22T10:00:00Z.
let recordingStart = Date(timeIntervalSince1970: 1_795_341_600)

/// A signed-in session whose token is an object under a redacted key.
struct SessionState: Codable, Sendable, Equatable {
    var user = "ada"
    var token: Token?
}

struct Token: Codable, Sendable, Equatable {
    var value: String
    var expires: Int
}

enum SessionAction: Codable, Sendable, Equatable {
    case signIn(token: String)
    case refresh(token: String)
}

let sessionReducer = Reducer<SessionState, SessionAction> { state, action in
    switch action {
    case .signIn(let token): state.token = Token(value: token, expires: 60)
    case .refresh(let token): state.token?.value = token
    }
}

/// A measurement that may not be representable in JSON (NaN).
struct ReadingState: Codable, Sendable, Equatable {
    var value: Double
}

enum ReadingAction: Codable, Sendable, Equatable {
    case set(Double)
}

let readingReducer = Reducer<ReadingState, ReadingAction> { state, action in
    switch action {
    case .set(let value): state.value = value
    }
}
