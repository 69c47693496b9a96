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
        var line: [UInt8] = []
        write(change, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends the line of ``line(for:)``, as UTF-8 bytes, to `output`: what `diff` prints,
    /// made without a `String` per piece.
    func write(_ change: JSONChange, to output: inout [UInt8]) {
        let kind: LineKind =
            switch change.kind {
            case .added: .added
            case .removed: .removed
            case .changed: .changed
            case .moved: .moved
            }
        writeLine(kind, to: &output) { output in
            change.path.write(to: &output)
        } values: { output in
            switch change.kind {
            case .added(let value), .removed(let value):
                show(value, to: &output)
            case .changed(let old, let new):
                showChange(old, new, to: &output)
            case .moved(let from, let to):
                Self.writeMove(from: from, to: to, to: &output)
            }
        }
    }

    /// The kinds of line, each with its sign and colour.
    enum LineKind {
        case added, removed, changed, moved

        /// What the line starts with.
        var sign: StaticString {
            switch self {
            case .added: "+ "
            case .removed: "- "
            case .changed: "~ "
            case .moved: "↕ "
            }
        }

        /// The SGR colour code: removals red, additions green, changes yellow, moves cyan.
        var color: StaticString {
            switch self {
            case .added: "32"
            case .removed: "31"
            case .changed: "33"
            case .moved: "36"
            }
        }
    }

    /// Appends one line, coloured when ``colors`` is set: the sign, the path `path` writes,
    /// `: ` and what `values` writes. Lines made from ``JSONChange``s and from recorded bytes
    /// (``RawChangeText``) are put together here, so that they are the same.
    func writeLine<Failure: Error>(
        _ kind: LineKind, to output: inout [UInt8], path: (inout [UInt8]) throws(Failure) -> Void,
        values: (inout [UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        if colors {
            output.append(literal: "\u{1B}[")
            output.append(literal: kind.color)
            output.append(UInt8(ascii: "m"))
        }
        output.append(literal: kind.sign)
        try path(&output)
        output.append(literal: ": ")
        try values(&output)
        if colors { output.append(literal: "\u{1B}[0m") }
    }

    /// Appends what a move line says after its path.
    static func writeMove(from: Int, to: Int, to output: inout [UInt8]) {
        output.append(literal: "index ")
        output.append(decimal: from)
        output.append(literal: " → ")
        output.append(decimal: to)
    }

    /// Appends `value` as compact JSON, abbreviated to ``valueWidth`` characters.
    func show(_ value: JSONValue, to output: inout [UInt8]) {
        let start = output.count
        JSONTextWriter(indent: nil).write(value, to: &output, level: 0)
        // No more bytes than the width: no more characters either, so it fits.
        guard let valueWidth, output.count - start > valueWidth else { return }
        let text = DiffTextFormatter.abbreviate(
            String(decoding: output[start...], as: UTF8.self), width: valueWidth)
        output.removeSubrange(start...)
        output.append(utf8: text)
    }

    /// Shortens text longer than `width` characters to its first `width - 1` and `…`. The
    /// text is JSON: the cut never falls inside an escape sequence (`\u0001`, `\\`), which
    /// would leave its tail or a lone backslash to be read as other text; it comes before it.
    ///
    /// - Parameters:
    ///   - text: The JSON text to shorten.
    ///   - width: The most characters the result may have; at least 1 is used.
    /// - Returns: `text` when it fits, else a prefix ending in `…` at most `width` long
    ///   (shorter by the part of an escape sequence left out with it).
    public static func abbreviate(_ text: String, width: Int) -> String {
        abbreviate(text[...], width: width)
    }

    /// ``abbreviate(_:width:)`` of part of a text, copying no more of it than is shown.
    static func abbreviate(_ text: Substring, width: Int) -> String {
        let width = max(width, 1)
        // A text with no more bytes than the width fits; skip counting characters.
        guard text.utf8.count > width,
            let cut = text.index(text.startIndex, offsetBy: width - 1, limitedBy: text.endIndex),
            text.index(cut, offsetBy: 1, limitedBy: text.endIndex).map({ $0 < text.endIndex }) ?? false
        else { return String(text) }
        return text[..<escapeStart(containing: cut, in: text)] + "…"
    }

    /// Where the escape sequence `index` falls inside begins, or `index` when it falls
    /// inside none. The text around is JSON (whose whole text, `text.base`, begins outside
    /// any escape): a backslash starts one, two characters long, or six for `\uXXXX`, so
    /// only the five bytes before `index` are looked at, and the run of backslashes that
    /// ends with one found there, whose length says whether it starts a sequence.
    static func escapeStart(containing index: Substring.Index, in text: Substring) -> Substring.Index {
        let bytes = text.base.utf8
        let backslash = UInt8(ascii: "\\")
        var before = index
        for distance in 1...5 {
            guard before > bytes.startIndex else { return index }
            bytes.formIndex(before: &before)
            guard bytes[before] == backslash else { continue }
            // The backslashes in a row that end here: an even count is escaped backslashes,
            // the last of them ending at or before `index`.
            var run = 1
            var first = before
            while first > bytes.startIndex, bytes[bytes.index(before: first)] == backslash {
                bytes.formIndex(before: &first)
                run += 1
            }
            guard run % 2 == 1 else { return index }
            let next = bytes.index(after: before)
            let length = next < bytes.endIndex && bytes[next] == UInt8(ascii: "u") ? 6 : 2
            return distance < length ? before : index
        }
        return index
    }
}
