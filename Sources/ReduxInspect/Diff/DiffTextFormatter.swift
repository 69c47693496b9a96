/// Writes changes for people, one line each:
///
///     ~ cart.items[id=42].quantity: 1 → 3
///     + cart.items[id=43]: {"id":43,"name":"Mug","price":12.50,"quantity":1}
///     - meta["content-type"]: "text/plain"
///     ↕ todos[id=7]: index 4 → 0
///
/// Values are compact JSON, whose strings have their control characters escaped, so a
/// recording cannot send escape sequences to the terminal. Whether to colour is the caller's
/// decision (a terminal, `NO_COLOR`); the formatter only follows it.
public struct DiffTextFormatter: Sendable {
    /// The most characters of one value to show before cutting it with `…`; `nil` shows values
    /// in full.
    public var valueWidth: Int?

    /// Whether to colour lines with ANSI SGR codes: removals red, additions green, changes
    /// yellow, moves cyan.
    public var colors: Bool

    /// Creates a formatter.
    ///
    /// - Parameters:
    ///   - valueWidth: The most characters of one value to show; `nil` for no limit.
    ///   - colors: Whether to add ANSI colour codes.
    public init(valueWidth: Int? = 80, colors: Bool = false) {
        self.valueWidth = valueWidth
        self.colors = colors
    }

    /// Formats a list of changes.
    ///
    /// - Parameters:
    ///   - changes: The changes, usually from ``JSONDiff/changes(from:to:)``.
    /// - Returns: One line per change, joined with newlines and without a final one; empty when
    ///   there are no changes.
    public func format(_ changes: [JSONChange]) -> String {
        changes.map(line(for:)).joined(separator: "\n")
    }

    /// Formats one change as a line without a newline.
    ///
    /// - Parameters:
    ///   - change: The change.
    /// - Returns: The line, coloured when ``colors`` is set.
    public func line(for change: JSONChange) -> String {
        let path = change.path.description
        let text: String
        let color: String
        switch change.kind {
        case .added(let value):
            text = "+ \(path): \(show(value))"
            color = "32"
        case .removed(let value):
            text = "- \(path): \(show(value))"
            color = "31"
        case .changed(let old, let new):
            text = "~ \(path): \(show(old)) → \(show(new))"
            color = "33"
        case .moved(let from, let to):
            text = "↕ \(path): index \(from) → \(to)"
            color = "36"
        }
        return colors ? "\u{1B}[\(color)m\(text)\u{1B}[0m" : text
    }

    private func show(_ value: JSONValue) -> String {
        let text = value.compactText
        guard let valueWidth else { return text }
        return DiffTextFormatter.abbreviate(text, width: valueWidth)
    }

    /// Shortens text longer than `width` characters to its first `width - 1` and `…`.
    ///
    /// - Parameters:
    ///   - text: The text to shorten.
    ///   - width: The most characters the result may have; at least 1 is used.
    /// - Returns: `text` when it fits, else a prefix ending in `…` exactly `width` long.
    public static func abbreviate(_ text: String, width: Int) -> String {
        let width = max(width, 1)
        // A text with no more bytes than the width fits; skip counting characters.
        guard text.utf8.count > width,
            let cut = text.index(text.startIndex, offsetBy: width - 1, limitedBy: text.endIndex),
            text.index(cut, offsetBy: 1, limitedBy: text.endIndex).map({ $0 < text.endIndex }) ?? false
        else { return text }
        return text[..<cut] + "…"
    }
}
