// redux-record-soak PATH [COUNT]
//
// Records a state-heavy session to PATH (which must not exist) through a FileRecordingSink as
// fast as it can: forever, or for COUNT actions and then closes the recording. The crash-safety
// test kills it with SIGKILL mid-session and checks that every complete line of PATH parses.

import Foundation
import Redux

struct Origin: Codable, Sendable {
    var country: String
    var coordinates: [Double]
}

struct Details: Codable, Sendable {
    var note: String
    var origin: Origin?
}

struct Line: Codable, Sendable {
    var id: Int
    var name: String
    var price: Decimal
    var quantity: Int
    var tags: [String]
    var details: Details
}

struct User: Codable, Sendable {
    var name: String
    var password: String
}

struct SoakState: Codable, Sendable {
    var lines: [Line] = []
    var total: Decimal = 0
    var user: User?
    var notes: [String] = []
    var ticks = 0
}

enum SoakAction: Codable, Sendable {
    case add(Line)
    case setQuantity(id: Int, quantity: Int)
    case note(String)
    case login(User)
    case tick
}

/// Keeps the state large but bounded: at most 32 cart lines and 16 notes.
let soakReducer = Reducer<SoakState, SoakAction> { state, action in
    switch action {
    case .add(let line):
        state.lines.append(line)
        if state.lines.count > 32 { state.lines.removeFirst() }
    case .setQuantity(let id, let quantity):
        if let index = state.lines.firstIndex(where: { $0.id == id }) {
            state.lines[index].quantity = quantity
        }
    case .note(let text):
        state.notes.append(text)
        if state.notes.count > 16 { state.notes.removeFirst() }
    case .login(let user):
        state.user = user
    case .tick:
        state.ticks += 1
    }
    state.total = state.lines.reduce(0) { $0 + $1.price * Decimal($1.quantity) }
}

/// The `step`-th action of the session: every kind, with strings that need escaping.
func action(_ step: Int) -> SoakAction {
    switch step % 5 {
    case 0:
        let origin = step % 2 == 0 ? Origin(country: "Sri Lanka", coordinates: [7.29, 80.63]) : nil
        return .add(
            Line(
                id: step, name: "Tea \"Ceylon\" #\(step)",
                price: Decimal(step % 1000) / 100 + Decimal(string: "0.99")!,
                quantity: step % 7 + 1, tags: ["loose", "back\\slash", "tab\there"],
                details: Details(note: "line one\nline two\r\u{01}\u{7F} é ✓", origin: origin)))
    case 1: return .setQuantity(id: step - 1, quantity: step % 5)
    case 2: return .note("note \(step): \"quoted\"\t\\path\\to\\file\n")
    case 3: return .login(User(name: "user-\(step)", password: "secret-\(step)"))
    default: return .tick
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first, arguments.count <= 2 else {
    FileHandle.standardError.write(Data("usage: redux-record-soak PATH [COUNT]\n".utf8))
    exit(64)
}
let count = arguments.count == 2 ? Int(arguments.last!) : nil

do {
    let recorder = try Recorder<SoakState, SoakAction>(
        path: path, options: .init(reducer: "soak", app: "Record soak"))
    let store = Store(initialState: SoakState(), reducer: soakReducer, middleware: [recorder.middleware])
    var step = 0
    while count.map({ step < $0 }) ?? true {
        step += 1
        store.dispatch(action(step))
    }
    recorder.close()
} catch {
    FileHandle.standardError.write(Data("redux-record-soak: \(error)\n".utf8))
    exit(1)
}
