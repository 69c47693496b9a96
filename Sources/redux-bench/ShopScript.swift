import Foundation
import Redux
import ReduxExamples

/// A long, deterministic shop session: the shopper adds products and packages, changes
/// quantities, removes lines, signs in (sometimes with the wrong password) and out, so the cart
/// grows and shrinks. The same seed gives the same actions on every machine.
///
/// A login request records three steps (the login middleware dispatches `setLoading` and the
/// answer), so the script counts recorded steps, not dispatches, and yields exactly `steps`.
struct ShopScript: Sequence {
    /// Recorded steps the script produces.
    let steps: Int
    let seed: UInt64

    init(steps: Int, seed: UInt64 = 0x5EED) {
        self.steps = steps
        self.seed = seed
    }

    /// Steps one dispatch of `action` records.
    static func recordedSteps(of action: Shop.Action) -> Int {
        if case .loginRequest = action { return 3 }
        return 1
    }

    func makeIterator() -> Iterator {
        Iterator(remaining: steps, random: SplitMix64(seed: seed))
    }

    struct Iterator: IteratorProtocol {
        var remaining: Int
        var random: SplitMix64

        mutating func next() -> Shop.Action? {
            guard remaining > 0 else { return nil }
            var action = Self.action(using: &random)
            if ShopScript.recordedSteps(of: action) > remaining { action = .dismissError }
            remaining -= ShopScript.recordedSteps(of: action)
            return action
        }

        private static let packageItems: [(package: Int, items: [Int])] = [(100, [1, 5]), (200, [2, 3, 4])]
        private static let accounts = [("ada", "lovelace"), ("grace", "hopper")]

        private static func action(using random: inout SplitMix64) -> Shop.Action {
            func pick(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
            switch pick(0...99) {
            case 0..<30:
                return .addToCart(productID: pick(1...5), quantity: pick(1...3))
            case 30..<32:
                // A product that does not exist: the reducer sets an error for the shopper.
                return .addToCart(productID: 42, quantity: 1)
            case 32..<47:
                return .setQuantity(itemID: pick(1...5), quantity: pick(0...4))
            case 47..<55:
                return .removeFromCart(itemID: pick(1...5))
            case 55..<65:
                let package = packageItems[pick(0...1)]
                return .setPackageQuantity(
                    packageID: package.package, itemID: package.items[pick(0...package.items.count - 1)],
                    quantity: pick(0...3))
            case 65..<73:
                return .addPackageToCart(packageID: packageItems[pick(0...1)].package)
            case 73..<81:
                return .dismissError
            case 81..<88:
                let account = accounts[pick(0...1)]
                let password = pick(0...3) == 0 ? "not-\(account.1)" : account.1
                return .loginRequest(username: account.0, password: password)
            default:
                return .logout
            }
        }
    }

    /// Runs the session through a real store with the login middleware and a ``Recorder``
    /// attached last, writing a recording file as an app would.
    ///
    /// - Parameters:
    ///   - path: The file to write (replaced if it exists).
    ///   - states: Which entries hold the state after their action.
    /// - Throws: ``BenchError`` when the recorder cannot open or write the file.
    func record(to path: String, states: RecordingStatePolicy) throws {
        let errors = ErrorLog()
        let recorder = try Recorder<Shop.State, Shop.Action>(
            path: path, ifExists: .replace,
            options: .init(
                reducer: "shop", app: "redux-bench shop session", statePolicy: states,
                redactedKeys: ["password"],
                clock: .stepping(from: Date(timeIntervalSince1970: 1_795_341_600), by: 0.25),
                onError: { errors.append("\($0)") }))
        let store = Store(
            initialState: Shop.State(), reducer: Shop.reducer,
            middleware: [Shop.loginMiddleware(), recorder.middleware])
        for action in self { store.dispatch(action) }
        recorder.close()
        if let first = errors.first { throw BenchError("recording \(path) failed: \(first)") }
    }
}

/// The SplitMix64 generator: tiny, fast, and the same sequence on every platform.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Errors reported by a recorder's writer thread.
final class ErrorLog: @unchecked Sendable {
    // Unchecked Sendable: `messages` is guarded by `lock`.
    private let lock = NSLock()
    private var messages: [String] = []

    func append(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    var first: String? { lock.withLock { messages.first } }
}

/// A benchmark that cannot run: bad data, a failed command, a wrong result.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
