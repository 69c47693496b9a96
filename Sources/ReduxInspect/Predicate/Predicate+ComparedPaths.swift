extension Predicate {
    /// The paths compared with `==`, `<` and the others, whole or by their size (`exists` left
    /// out: a path it tests may rightly be absent), in order of appearance, without repeats.
    ///
    /// When one of them is in no state at all, a predicate that never holds most likely names
    /// the wrong path, or a word meant as a string: `status == active` compares with the path
    /// `active`. `bisect` says so.
    public var comparedPaths: [JSONPath] { paths(countedToo: true, existsToo: false) }

    /// What to say about a compared path that no state has: a bare word compared with a path
    /// (`status == active`, `active == status`) may have been meant as a string; compared with
    /// a value (`isLoggedIn == true`), quoting it would compare two constants.
    public func absentPathHint(_ path: JSONPath) -> String {
        let text = Self.pathText(path)
        if case .key(let word)? = path.components.first, path.components.count == 1,
            word.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "_" }),
            comparesAPath(with: path)
        {
            return "hint: no state has \(text); to compare with the string, write \(JSONValue.string(word).compactText)"
        }
        return "hint: no state has \(text)"
    }

    /// The paths compared with the literal `null` by `==` or `!=`, in order, without repeats.
    ///
    /// Swift's `Codable` leaves a `nil` optional out rather than write `null`, so where such a
    /// path is missing from some states, a predicate that never holds most likely meant
    /// `!exists(PATH)`. `bisect` says so.
    public var pathsComparedWithNull: [JSONPath] {
        var paths: [JSONPath] = []
        forEachComparison { left, operation, right in
            guard operation == .equal || operation == .notEqual else { return }
            switch (left, right) {
            case (.path(let path), .literal(.null)), (.literal(.null), .path(let path)):
                if !paths.contains(path) { paths.append(path) }
            default: break
            }
        }
        return paths
    }

    /// What to say about `path`, compared with `null`, where some states do not have it.
    public func leftOutPathHint(_ path: JSONPath) -> String {
        let text = Self.pathText(path)
        return "hint: some states have no \(text) at all, which null does not match (Codable leaves a nil "
            + "optional out); to find where it is missing, write !exists(\(text))"
    }

    /// Whether some comparison has `path`, read whole, on one side and a path on the other.
    private func comparesAPath(with path: JSONPath) -> Bool {
        var found = false
        forEachComparison { left, _, right in
            switch (left, right) {
            case (.path(let one), .path(let other)): found = found || one == path || other == path
            case (.path(let word), .count), (.count, .path(let word)): found = found || word == path
            default: break
            }
        }
        return found
    }
}
