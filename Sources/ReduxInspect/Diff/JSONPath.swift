import Redux

/// A place in a JSON value, written the way people read state: `cart.items[id=42].quantity`.
///
/// A path is a list of steps from the root. Besides object keys and array positions it can
/// select an element of an array of objects by its `id` member, which names the same element
/// however the array around it is reordered — what a diff or a "who changed this?" query wants.
///
/// Text form (see ``description``):
///
/// | component | text |
/// |---|---|
/// | key that is an identifier (`[A-Za-z_][A-Za-z0-9_]*`) | `cart` first, `.cart` after |
/// | any other key | `["content-type"]` (a JSON string) |
/// | a last key `count` after another step | `["count"]`, which a size cannot be mistaken for |
/// | array index | `[2]` |
/// | element selected by id | `[id=42]`, `[id="a7"]` (the id as compact JSON) |
/// | the root itself | `(root)` |
///
/// ```swift
/// let path: JSONPath = [.key("cart"), .key("items"), .id(42), .key("quantity")]
/// path.description   // "cart.items[id=42].quantity"
/// ```
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// The member of an object with this key.
        case key(String)
        /// The element of an array at this zero-based position.
        case index(Int)
        /// The element of an array of objects whose `id` member equals this scalar.
        case id(JSONValue)
    }

    /// The text used for the empty path. Parenthesised so it cannot be mistaken for a key.
    public static let rootText = "(root)"

    /// The steps from the root, outermost first.
    public var components: [Component]

    /// Creates a path from its steps.
    ///
    /// - Parameters:
    ///   - components: The steps from the root, outermost first; empty for the root.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path of the whole value.
    public static let root = JSONPath()

    /// Whether this is the root path.
    public var isRoot: Bool { components.isEmpty }

    /// This path followed by one more step.
    ///
    /// - Parameters:
    ///   - component: The step to add at the end.
    /// - Returns: The longer path.
    public func appending(_ component: Component) -> JSONPath {
        JSONPath(components + [component])
    }

    /// Whether `prefix` is this path or one of its ancestors.
    ///
    /// - Parameters:
    ///   - prefix: The candidate ancestor; the root is a prefix of every path.
    /// - Returns: `true` when this path starts with all of `prefix`'s steps.
    public func hasPrefix(_ prefix: JSONPath) -> Bool {
        components.starts(with: prefix.components)
    }

    /// The path as a JSON Pointer, when it has no id steps.
    ///
    /// An id step names an element but not its position, and a pointer can only say positions,
    /// so paths through id-matched arrays have no pointer of their own; a ``JSONChange``
    /// carries the pointer valid when its patch operation runs.
    public var pointer: JSONPointer? {
        var tokens: [String] = []
        tokens.reserveCapacity(components.count)
        for component in components {
            switch component {
            case .key(let key): tokens.append(key)
            case .index(let index): tokens.append(String(index))
            case .id: return nil
            }
        }
        return JSONPointer(tokens)
    }

    /// The path as text, `(root)` for the root; control characters in keys and ids are
    /// escaped, so the text is safe to print on a terminal.
    public var description: String {
        guard !components.isEmpty else { return JSONPath.rootText }
        var text: [UInt8] = []
        write(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the path's text, as ``description`` has it, to `text`.
    func write(to text: inout [UInt8]) {
        guard !components.isEmpty else {
            text.append(utf8: JSONPath.rootText)
            return
        }
        for (offset, component) in components.enumerated() {
            if offset > 0, offset == components.count - 1, component == .key(Self.sizeName) {
                text.append(utf8: Self.quotedSizeName)
            } else {
                JSONPath.write(component, first: offset == 0, to: &text)
            }
        }
    }

    /// The name that, last in a path after another step (`cart.items.count`), reads as the
    /// size of what is before it where that has no member so named, as in predicates: a last
    /// key so named is written quoted (`stats["count"]`), which always reads as the member, so
    /// that a path shown reads back as the same place in every state.
    static let sizeName = "count"
    /// ``sizeName`` as a quoted key, with its brackets.
    static let quotedSizeName = #"["count"]"#

    /// Appends one component's text: `.key`, `["key"]`, `[2]` or `[id=42]`.
    static func write(_ component: Component, first: Bool, to text: inout String) {
        var bytes: [UInt8] = []
        write(component, first: first, to: &bytes)
        text += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends one component's text as UTF-8 bytes.
    static func write(_ component: Component, first: Bool, to text: inout [UInt8]) {
        switch component {
        case .key(var key):
            let bare = key.withUTF8 { bytes in
                guard PathText.isIdentifier(bytes) else { return false }
                if !first { text.append(UInt8(ascii: ".")) }
                text.append(contentsOf: bytes)
                return true
            }
            if !bare {
                text.append(UInt8(ascii: "["))
                JSONTextWriter.writeQuoted(key, to: &text)
                text.append(UInt8(ascii: "]"))
            }
        case .index(let index):
            text.append(UInt8(ascii: "["))
            text.append(decimal: index)
            text.append(UInt8(ascii: "]"))
        case .id(let id):
            text.append(literal: "[id=")
            JSONTextWriter(indent: nil).write(id, to: &text, level: 0)
            text.append(UInt8(ascii: "]"))
        }
    }

}

extension JSONPath: ExpressibleByArrayLiteral {
    /// Creates a path from its steps.
    ///
    /// - Parameters:
    ///   - elements: The steps from the root, outermost first.
    public init(arrayLiteral elements: Component...) {
        self.init(elements)
    }
}
