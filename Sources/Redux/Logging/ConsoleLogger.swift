import Dispatch
import Foundation

/// A middleware in the spirit of redux-logger: for each action it prints the action, the
/// state paths it changed with old and new values, and how long the reducer took. Paths are
/// written as `redux-inspect` writes them: an element of an array of objects with ids is
/// named by its id, and one whose place among the others changed gets a `↕` line.
///
/// ```
/// action addToCart {"addToCart":{"item":{"id":1,"name":"Tea","price":4.5},"quantity":2}} (18 µs)
///   + cart.items[id=1]: {"id":1,"name":"Tea","price":4.5,"quantity":2}
///   ~ cart.total: 0 → 9
/// ```
///
/// Values of redacted keys (by default `password` and `token`) are never printed: they are
/// shown as the ``Recorder`` writes them, every string and number inside as `"<redacted>"`.
public struct ConsoleLogger<State: Encodable & Sendable, Action: Encodable & Sendable>: Sendable {
    /// Returns `false` for actions not to log.
    public var filter: @Sendable (Action) -> Bool
    /// Key names whose values are shown as `"<redacted>"`.
    public var redactedKeys: Set<String>
    /// Receives each log entry (several lines, no trailing newline).
    public var output: @Sendable (String) -> Void

    /// Creates a logger.
    ///
    /// - Parameters:
    ///   - filter: Which actions to log; by default all.
    ///   - redactedKeys: Key names whose values are hidden.
    ///   - output: Where entries go; by default standard output.
    public init(
        filter: @escaping @Sendable (Action) -> Bool = { _ in true },
        redactedKeys: Set<String> = ["password", "token"],
        output: @escaping @Sendable (String) -> Void = { print($0) }
    ) {
        self.filter = filter
        self.redactedKeys = redactedKeys
        self.output = output
    }

    /// The middleware to add to a store.
    public var middleware: Middleware<State, Action> {
        let logger = self
        return Middleware { _, getState in
            { next in
                { action in
                    guard logger.filter(action) else { return next(action) }
                    let before = getState()
                    let start = DispatchTime.now().uptimeNanoseconds
                    next(action)
                    let microseconds = (DispatchTime.now().uptimeNanoseconds - start) / 1000
                    logger.output(logger.entry(for: action, before: before, after: getState(), microseconds: microseconds))
                }
            }
        }
    }

    /// Formats one log entry.
    func entry(for action: Action, before: State, after: State, microseconds: UInt64?) -> String {
        let writer = JSONLineWriter(redactedKeys: redactedKeys)
        var lines = ["action \(ActionType.name(of: action)) \(text(of: action, writer))"]
        if let microseconds { lines[0] += " (\(microseconds) µs)" }
        do {
            let changes = try EncodedValue.encode(before).changes(
                to: EncodedValue.encode(after), redacts: writer.isRedacted)
            if changes.isEmpty { lines.append("  (no change)") }
            for change in changes {
                // A change at or inside a redacted value (such as `token.value`) is shown
                // redacted as a whole, as the recording holds it.
                func show(_ value: EncodedValue) -> String {
                    change.isRedacted ? redactedText(value) : text(value, writer)
                }
                switch change.marker {
                case "~": lines.append("  ~ \(change.path): \(show(change.old!)) → \(show(change.new!))")
                case "+": lines.append("  + \(change.path): \(show(change.new!))")
                case "↕": lines.append("  ↕ \(change.path): index \(change.movedFrom!) → \(change.movedTo!)")
                default: lines.append("  - \(change.path): \(show(change.old!))")
                }
            }
        } catch {
            lines.append("  (state cannot be encoded: \(error))")
        }
        // What would make a console show the lines in another order, on other lines, or
        // show as nothing, written `\u202e`-style, as `redux-inspect` shows it.
        return PathText.escapingNonASCII(lines.joined(separator: "\n"))
    }

    private func text(of action: Action, _ writer: JSONLineWriter) -> String {
        // Never fall back to `String(describing:)`: it would print redacted values.
        guard let value = try? EncodedValue.encode(action) else { return "(action cannot be encoded)" }
        return text(value, writer)
    }

    /// The value with its strings and numbers hidden, as the recorder writes a redacted value.
    private func redactedText(_ value: EncodedValue) -> String {
        var bytes: [UInt8] = []
        JSONLineWriter.writeRedacted(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func text(_ value: EncodedValue, _ writer: JSONLineWriter) -> String {
        var bytes: [UInt8] = []
        writer.write(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
