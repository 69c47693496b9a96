import Redux

extension JSONValue {
    /// The recorder's encoding of a value as a JSON tree, converted node by node: the same
    /// value parsing the recorder's text would give, without writing and reading the text.
    ///
    /// - Parameter encoded: A tree from ``RecordingEncoder/encodeTree(_:)``.
    public init(_ encoded: EncodedValue) {
        switch encoded {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text): self = .number(JSONNumber(text))
        case .string(let string): self = .string(string)
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .object(let members): self = .object(JSONObject(members.map { ($0.key, JSONValue($0.value)) }))
        }
    }
}
