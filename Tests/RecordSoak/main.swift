// redux-record-soak PATH [COUNT] [--threads N] [--drop] [--max-file-size BYTES] [--flush-every N]
//
// Records a state-heavy session to PATH (which must not exist) through a FileRecordingSink as
// fast as it can: forever, or for COUNT actions and then closes the recording. The crash-safety
// tests kill it with SIGKILL mid-session and check that every complete line of PATH parses.
// Recording forever, it exits when its parent process is gone.
//
//   --threads N            dispatch from N threads at once (the store serializes them)
//   --drop                 a queue of 64 entries that drops when full, leaving gap markers
//   --max-file-size BYTES  limit the file's size (RLIMIT_FSIZE), so writes fail part-way as on
//                          a full disk; errors are printed to standard error
//   --flush-every N        flush after every N actions of a thread, so writes stay small
//   --exit-without-close   after COUNT actions, exit(0) with the recorder open, as a tool whose
//                          store lives in a global does

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

let usage =
    "usage: redux-record-soak PATH [COUNT] [--threads N] [--drop] [--max-file-size BYTES] [--flush-every N] [--exit-without-close]"

/// Prints `message` and the usage to standard error and exits 64: a mistyped argument must
/// not start a recording that runs until the disk is full.
func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("redux-record-soak: \(message)\n\(usage)\n".utf8))
    exit(64)
}

/// The value after `option`, a positive integer.
func positiveInteger(after option: String, from remaining: inout ArraySlice<String>) -> Int {
    guard let text = remaining.popFirst() else { usageError("missing value for '\(option)'") }
    guard let value = Int(text), value > 0 else {
        usageError("'\(option)' takes a positive integer, not '\(text)'")
    }
    return value
}

var positional: [String] = []
var threads = 1
var drops = false
var maximumFileSize: Int?
var flushEvery: Int?
var exitsWithoutClose = false
var remaining = CommandLine.arguments.dropFirst()
while let argument = remaining.popFirst() {
    switch argument {
    case "-h", "--help":
        print(usage)
        print("Without COUNT it records until it is killed; see Tests/RecordSoak/main.swift.")
        exit(0)
    case "--threads": threads = positiveInteger(after: argument, from: &remaining)
    case "--drop": drops = true
    case "--max-file-size": maximumFileSize = positiveInteger(after: argument, from: &remaining)
    case "--flush-every": flushEvery = positiveInteger(after: argument, from: &remaining)
    case "--exit-without-close": exitsWithoutClose = true
    case _ where argument.hasPrefix("-") && argument != "-": usageError("unknown option '\(argument)'")
    default: positional.append(argument)
    }
}
guard let path = positional.first else { usageError("missing PATH") }
guard positional.count <= 2 else { usageError("unexpected argument '\(positional[2])'") }
var count: Int?
if positional.count == 2 {
    guard let value = Int(positional[1]), value > 0 else {
        usageError("COUNT must be a positive integer, not '\(positional[1])'")
    }
    count = value
}

if let maximumFileSize {
    // Writes past the limit fail with EFBIG instead of killing the process with SIGXFSZ.
    signal(SIGXFSZ, SIG_IGN)
    var limit = rlimit(rlim_cur: rlim_t(maximumFileSize), rlim_max: rlim_t(maximumFileSize))
    guard setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0 else {
        FileHandle.standardError.write(Data("redux-record-soak: cannot limit the file size\n".utf8))
        exit(1)
    }
}

do {
    let recorder = try Recorder<SoakState, SoakAction>(
        path: path,
        options: .init(
            reducer: "soak", app: "Record soak", queueCapacity: drops ? 64 : 4096,
            whenQueueFull: drops ? .drop : .wait))
    let store = Store(initialState: SoakState(), reducer: soakReducer, middleware: [recorder.middleware])
    let perThread = count.map { ($0 + threads - 1) / threads }
    let flushInterval = flushEvery
    // Recording forever, the tool stops when the test that started it is gone (a test run
    // cut short, whose kill never comes) rather than fill the disk: its parent changes.
    let parent = getppid()
    let group = DispatchGroup()
    for _ in 0..<threads {
        group.enter()
        Thread {
            var step = 0
            while perThread.map({ step < $0 }) ?? true {
                step += 1
                store.dispatch(action(step))
                if let flushInterval, step % flushInterval == 0 { recorder.flush() }
                if perThread == nil, step % 1024 == 0, getppid() != parent { exit(0) }
            }
            group.leave()
        }.start()
    }
    group.wait()
    if exitsWithoutClose { exit(0) }
    recorder.close()
} catch {
    FileHandle.standardError.write(Data("redux-record-soak: \(error)\n".utf8))
    exit(1)
}
