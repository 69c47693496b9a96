extension JSONValue {
    /// The value at `path`, for `show --path` and for following a change back into a state.
    ///
    /// - Parameters:
    ///   - path: The place to look; an id step selects the first object element whose `id`
    ///     member equals the id.
    /// - Returns: The value there, or `nil` when a step does not exist or does not fit the value
    ///   (a key on an array, an index past the end).
    public func value(at path: JSONPath) -> JSONValue? {
        var value = self
        for component in path.components {
            switch component {
            case .key(let key):
                guard let member = value[key] else { return nil }
                value = member
            case .index(let index):
                guard let element = value[index] else { return nil }
                value = element
            case .id(let id):
                guard let element = value.arrayValue?.first(where: { $0["id"] == id }) else { return nil }
                value = element
            }
        }
        return value
    }

    /// The JSON Pointer of the value at `path` in this value, with id steps resolved to the
    /// positions the elements have here.
    ///
    /// - Parameters:
    ///   - path: The place to look, as for ``value(at:)``.
    /// - Returns: The pointer, or `nil` when there is no value at `path`.
    public func pointer(to path: JSONPath) -> JSONPointer? {
        var value = self
        var tokens: [String] = []
        tokens.reserveCapacity(path.components.count)
        for component in path.components {
            switch component {
            case .key(let key):
                // The key as this value writes it, which may be another Unicode normal form of
                // `key`: a pointer names it byte for byte (RFC 6901).
                guard let member = value.objectValue?.member(named: key) else { return nil }
                value = member.value
                tokens.append(member.key)
            case .index(let index):
                guard let element = value[index] else { return nil }
                value = element
                tokens.append(String(index))
            case .id(let id):
                guard let position = value.arrayValue?.firstIndex(where: { $0["id"] == id }) else {
                    return nil
                }
                value = value[position]!
                tokens.append(String(position))
            }
        }
        return JSONPointer(tokens)
    }
}
