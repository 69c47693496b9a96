extension RawJSON {
    /// A path of a ``RawJSON/skeleton(at:paths:depth:)`` and what it needs of the value there.
    struct SkeletonPath {
        /// What is read of the value at the path.
        enum Need: Comparable {
            /// Only that it is there, as `exists` asks.
            case presence
            /// Its size (elements, members or characters), and an object's `count` member, as
            /// a predicate's `count` operands read it.
            case size
            /// All of it.
            case whole
        }

        /// The path's components from the value at hand on.
        var components: ArraySlice<JSONPath.Component>
        /// What is read at its end.
        var need: Need

        /// The path, from the value it starts at.
        init(_ path: JSONPath, need: Need) {
            components = path.components[...]
            self.need = need
        }

        init(components: ArraySlice<JSONPath.Component>, need: Need) {
            self.components = components
            self.need = need
        }

        /// The rest of the path, one component down.
        var rest: SkeletonPath { SkeletonPath(components: components.dropFirst(), need: need) }
    }

    /// The parts of the value at `start` that `paths` reach, as a tree in which each of them
    /// reads what it reads in the whole parsed value (``JSONValue/value(at:)``): the value at a
    /// path whole when it is read whole; its size kept (members as `null`, an object's `count`
    /// member whole) when only its size is; `null` when only its presence is; on the way
    /// there, objects with only the members the paths go through, and arrays of their whole
    /// length with `null` in place of the elements no path goes through (an element a path
    /// selects by id keeps its `id`, so that it is found by it again, and no element before it
    /// has that id). So a ``Predicate`` over those paths holds in it exactly when it holds in
    /// the whole value. `nil` when no path reaches anything here.
    ///
    /// - Parameters:
    ///   - start: Where the value starts.
    ///   - paths: The paths from this value on.
    ///   - depth: The containers open around the value.
    /// - Throws: `Malformed` where the skim cannot follow the text.
    func skeleton(at start: Int, paths: [SkeletonPath], depth: Int) throws(Malformed) -> JSONValue? {
        guard start < count else { throw Malformed() }
        let here = paths.filter(\.components.isEmpty).map(\.need).max()
        let deeper = paths.filter { !$0.components.isEmpty }
        if here == .whole { return try parse(start..<(try valueEnd(from: start, depth: depth))) }
        let sized = here == .size
        switch base[start] {
        case UInt8(ascii: "{"):
            return try objectSkeleton(at: start, paths: deeper, sized: sized, depth: depth) ?? here.map { _ in .null }
        case UInt8(ascii: "["):
            return try arraySkeleton(at: start, paths: deeper, sized: sized, depth: depth) ?? here.map { _ in .null }
        default:
            // A string's size is its characters; a scalar's presence is all that is read.
            if sized { return try parse(start..<(try valueEnd(from: start, depth: depth))) }
            return here.map { _ in .null }
        }
    }

    /// An object's skeleton: the members `paths` go through, or with `sized` every member
    /// (the others `null`, `count` whole); `nil` when there is nothing to keep.
    private func objectSkeleton(
        at start: Int, paths: [SkeletonPath], sized: Bool, depth: Int
    ) throws(Malformed) -> JSONValue? {
        var wanted: [String: [SkeletonPath]] = [:]
        for path in paths {
            guard case .key(let key) = path.components.first! else { continue }
            wanted[key, default: []].append(path.rest)
        }
        if sized { wanted["count", default: []].append(SkeletonPath(components: [], need: .whole)) }
        guard !wanted.isEmpty || sized else { return nil }
        var members: [(key: String, value: JSONValue)] = []
        let closer = UInt8(ascii: "}")
        var step = try firstItem(ofContainerAt: start, closer: closer)
        while case .more(let offset) = step, sized || !wanted.isEmpty {
            let member = try self.member(at: offset, depth: depth + 1)
            let key = try self.key(member)
            // Keys equal as strings share the member written first, which a lookup finds.
            if let rest = wanted.removeValue(forKey: key),
                let value = try skeleton(at: member.valueStart, paths: rest, depth: depth + 1)
            {
                members.append((key, value))
            } else if sized {
                members.append((key, .null))
            }
            step = try followingItem(member.valueEnd, closer: closer)
        }
        return .object(JSONObject(members))
    }

    /// An array's skeleton: its length, `null` but for the elements `paths` go through; `nil`
    /// when there is nothing to keep.
    private func arraySkeleton(
        at start: Int, paths: [SkeletonPath], sized: Bool, depth: Int
    ) throws(Malformed) -> JSONValue? {
        var elements = RawStack<Range<Int>>()
        _ = try self.elements(ofArrayAt: start, depth: depth, into: &elements)
        var wanted: [Int: [SkeletonPath]] = [:]
        for path in paths {
            switch path.components.first! {
            case .index(let index):
                if index >= 0 && index < elements.count { wanted[index, default: []].append(path.rest) }
            case .id(let id):
                for index in 0..<elements.count {
                    let element = elements[index]
                    guard base[element.lowerBound] == UInt8(ascii: "{"),
                        let value = try firstMember("id", inObjectAt: element.lowerBound, depth: depth + 1),
                        try parse(value) == id
                    else { continue }
                    wanted[index, default: []] += [path.rest, SkeletonPath(components: [.key("id")], need: .whole)]
                    break
                }
            case .key:
                continue
            }
        }
        guard !wanted.isEmpty || sized else { return nil }
        var skeleton = [JSONValue](repeating: .null, count: elements.count)
        for (index, rest) in wanted {
            if let value = try self.skeleton(at: elements[index].lowerBound, paths: rest, depth: depth + 1) {
                skeleton[index] = value
            }
        }
        return .array(skeleton)
    }
}

extension StateText {
    /// The parts of the state that `paths` reach (``RawJSON/skeleton(at:paths:depth:)``), in
    /// which they read what they read in the whole state; `nil` when the text cannot say (the
    /// skim cannot follow it, or a value found does not parse), for the caller to parse it all.
    func skeleton(for paths: [RawJSON.SkeletonPath]) -> JSONValue? {
        guard !bytes.isEmpty else { return nil }
        if let built = skeletonAlongKeys(paths) { return built }
        let raw = RawJSON(bytes, maximumDepth: JSONParser.Options().maximumDepth)
        do {
            return try raw.skeleton(at: raw.skipSpace(0), paths: paths, depth: 0) ?? .null
        } catch {
            return nil
        }
    }
}

extension StateText {
    /// ``skeleton(for:)`` where every path is a path of keys read whole, none of which leads
    /// into another (`cart.total`, `user.name`: most predicates): each value found member by
    /// member (``valueAlongKeys(_:)``), then nested in objects as the skeleton would hold it; `nil`
    /// for other paths, or where the text is not objects down to a value, for the general
    /// skeleton to say. Its bookkeeping cost `bisect` half its time over recorded states.
    fileprivate func skeletonAlongKeys(_ paths: [RawJSON.SkeletonPath]) -> JSONValue? {
        var keyPaths: [[String]] = []
        for path in paths {
            guard path.need == .whole, !path.components.isEmpty else { return nil }
            var keys: [String] = []
            for component in path.components {
                guard case .key(let key) = component else { return nil }
                keys.append(key)
            }
            if !keyPaths.contains(keys) { keyPaths.append(keys) }
        }
        for (offset, one) in keyPaths.enumerated() {
            for other in keyPaths[(offset + 1)...] where one.starts(with: other) || other.starts(with: one) { return nil }
        }
        var found: [(keys: ArraySlice<String>, value: JSONValue)] = []
        for keys in keyPaths {
            // Not `value(at:)`, which falls back on the skeleton where this cannot say.
            switch valueAlongKeys(JSONPath(keys.map { .key($0) })) {
            case nil: return nil
            case .some(nil): continue
            case .some(let value?): found.append((keys[...], value))
            }
        }
        return Self.nested(found)
    }

    /// Objects holding each value at its keys, members in the order first met.
    private static func nested(_ found: [(keys: ArraySlice<String>, value: JSONValue)]) -> JSONValue {
        var order: [String] = []
        var groups: [String: [(keys: ArraySlice<String>, value: JSONValue)]] = [:]
        for item in found {
            let key = item.keys.first!
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((item.keys.dropFirst(), item.value))
        }
        return .object(
            JSONObject(
                order.map { key in
                    let group = groups[key]!
                    // No path leads into another: a group ends here alone, or goes on.
                    return (key, group.count == 1 && group[0].keys.isEmpty ? group[0].value : nested(group))
                }))
    }
}

extension Predicate {
    /// The paths the predicate reads and what it reads at each, for
    /// ``StateText/skeleton(for:)``.
    var skeletonPaths: [RawJSON.SkeletonPath] {
        var result: [RawJSON.SkeletonPath] = []
        forEachPath { path, reading in
            switch reading {
            case .value: result.append(.init(path, need: .whole))
            case .size: result.append(.init(path, need: .size))
            case .presence: result.append(.init(path, need: .presence))
            }
        }
        return result
    }
}
