/// An RFC 6901 JSON Pointer: the positional address JSON Patch operations use.
///
/// Unlike ``JSONPath`` it has no way to select an element by id, and its tokens do not say
/// whether they are keys or indices (the value they are applied to decides).
///
/// ```swift
/// JSONPointer(["meta", "a/b", "0"]).description   // "/meta/a~1b/0"
/// ```
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The reference tokens, unescaped, outermost first; empty for the whole document.
    public var tokens: [String]

    /// Creates a pointer from unescaped tokens.
    ///
    /// - Parameters:
    ///   - tokens: The reference tokens, outermost first; array indices as decimal text.
    public init(_ tokens: [String] = []) {
        self.tokens = tokens
    }

    /// Reads a pointer's text, undoing the `~1` and `~0` escapes.
    ///
    /// - Parameters:
    ///   - text: The pointer, such as `/meta/a~1b/0`; the empty string for the whole document.
    /// - Returns: The pointer, or `nil` when the text is not empty and does not start with `/`,
    ///   or holds a `~` not followed by `0` or `1`.
    public init?(parsing text: String) {
        guard !text.isEmpty else {
            self.init()
            return
        }
        // Scalars, not Characters: a `~` or `/` followed by a combining mark is still one.
        var scalars = text.unicodeScalars.makeIterator()
        guard scalars.next() == "/" else { return nil }
        var tokens: [String] = []
        var token = String.UnicodeScalarView()
        while let scalar = scalars.next() {
            switch scalar {
            case "/":
                tokens.append(String(token))
                token = String.UnicodeScalarView()
            case "~":
                switch scalars.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                default: return nil
                }
            default:
                token.append(scalar)
            }
        }
        tokens.append(String(token))
        self.init(tokens)
    }

    /// The pointer's text: each token after a `/`, with `~` written `~0` and `/` written `~1`.
    public var description: String {
        var text = String.UnicodeScalarView()
        for token in tokens {
            text.append("/")
            for scalar in token.unicodeScalars {
                switch scalar {
                case "~": text.append(contentsOf: "~0".unicodeScalars)
                case "/": text.append(contentsOf: "~1".unicodeScalars)
                default: text.append(scalar)
                }
            }
        }
        return String(text)
    }

    /// This pointer followed by one more token.
    ///
    /// - Parameters:
    ///   - token: The unescaped token to add at the end.
    /// - Returns: The longer pointer.
    public func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens + [token])
    }
}
