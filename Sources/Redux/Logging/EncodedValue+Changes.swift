/// One path whose value differs between two encoded states, for the console logger.
struct EncodedChange: Equatable {
    /// `+` added, `-` removed, `~` changed, `↕` moved within its array.
    let marker: Character
    /// The path, `cart.items[id=1].quantity` style, as the inspector writes it.
    let path: String
    let old: EncodedValue?
    let new: EncodedValue?
    /// Whether a key on the path is redacted: the values are then as secret as the value
    /// under that key.
    var isRedacted = false
    /// For a move, the element's index before and after.
    var movedFrom: Int? = nil
    var movedTo: Int? = nil
}

extension EncodedValue {
    /// The paths that differ from `self` to `other`: objects by key, arrays of objects with
    /// ids by id, as the inspector matches them (`items[id=2]`, and `↕` for an element whose
    /// place among the others changed), other arrays by position (``PositionalAlignment``).
    ///
    /// A deliberately small diff, on trees: the inspector has the full one, on bytes.
    ///
    /// - Parameter redacts: Whether the value under a key is redacted, decided on each key as
    ///   the recorder decides it, not on the printed path, where a key with a dot in it
    ///   (`session.secret`) would read as two.
    func changes(to other: EncodedValue, redacts: (String) -> Bool) -> [EncodedChange] {
        var result: [EncodedChange] = []
        changes(to: other, path: "", redacted: false, redacts: redacts, into: &result)
        return result
    }

    private func changes(
        to other: EncodedValue, path: String, redacted: Bool, redacts: (String) -> Bool,
        into result: inout [EncodedChange]
    ) {
        guard self != other else { return }
        switch (self, other) {
        case (.object(let old), .object(let new)):
            // Members by key through tables: a search through the others for each member
            // would make a wide object (a dictionary of thousands) quadratic, on every dispatch.
            var oldIndices: [String: Int] = [:]
            oldIndices.reserveCapacity(old.count)
            for (index, member) in old.enumerated() where oldIndices[member.key] == nil { oldIndices[member.key] = index }
            let newKeys = Set(new.map(\.key))
            for (key, newValue) in new {
                let hidden = redacted || redacts(key)
                if let oldMember = oldIndices[key].map({ old[$0] }) {
                    // Named as the state before spells the key, which may be another Unicode
                    // normal form of the new one, as redux-inspect names it.
                    let childPath = Self.path(path, key: oldMember.key)
                    oldMember.value.changes(
                        to: newValue, path: childPath, redacted: hidden, redacts: redacts, into: &result)
                } else {
                    let childPath = Self.path(path, key: key)
                    result.append(EncodedChange(marker: "+", path: childPath, old: nil, new: newValue, isRedacted: hidden))
                }
            }
            for (key, oldValue) in old where !newKeys.contains(key) {
                let childPath = Self.path(path, key: key)
                result.append(
                    EncodedChange(
                        marker: "-", path: childPath, old: oldValue, new: nil, isRedacted: redacted || redacts(key)))
            }
        case (.array(let old), .array(let new)):
            // Under a redacted key, or with `id` redacted, ids stay out of the printed paths.
            if !redacted, !redacts("id"), let oldIDs = Self.ids(of: old), let newIDs = Self.ids(of: new) {
                Self.changes(old, oldIDs, to: new, newIDs, path: path, redacts: redacts, into: &result)
                return
            }
            // By position, the unchanged ends of arrays of different lengths set aside, as the
            // inspector compares them.
            let (prefix, suffix) = PositionalAlignment.trimmed(oldCount: old.count, newCount: new.count) { o, n in
                old[o].equalsAsRecorded(new[n], redacted: redacted, redacts: redacts)
            }
            let oldEnd = old.count - suffix
            let newEnd = new.count - suffix
            for index in prefix..<max(oldEnd, newEnd) {
                let childPath = "\(path)[\(index)]"
                switch (index < oldEnd ? old[index] : nil, index < newEnd ? new[index] : nil) {
                case (let oldValue?, let newValue?):
                    oldValue.changes(to: newValue, path: childPath, redacted: redacted, redacts: redacts, into: &result)
                case (nil, let newValue?):
                    result.append(EncodedChange(marker: "+", path: childPath, old: nil, new: newValue, isRedacted: redacted))
                case (let oldValue?, nil):
                    result.append(EncodedChange(marker: "-", path: childPath, old: oldValue, new: nil, isRedacted: redacted))
                case (nil, nil): break
                }
            }
        default:
            result.append(
                EncodedChange(marker: "~", path: path.isEmpty ? "(root)" : path, old: self, new: other, isRedacted: redacted))
        }
    }

    /// Whether the two values are equal as the recording shows them, which is how the
    /// inspector sets aside the equal ends of an array compared by position: under a redacted
    /// key every string and number is the same placeholder, so elements that differ only
    /// there are equal (and which of them went is not told).
    func equalsAsRecorded(_ other: EncodedValue, redacted: Bool, redacts: (String) -> Bool) -> Bool {
        switch (self, other) {
        case (.string, .string), (.number, .number), (.string, .number), (.number, .string):
            return redacted || self == other
        case (.array(let elements), .array(let others)):
            return elements.count == others.count
                && zip(elements, others).allSatisfy { $0.equalsAsRecorded($1, redacted: redacted, redacts: redacts) }
        case (.object(let members), .object(let others)):
            guard members.count == others.count else { return false }
            var table: [String: EncodedValue] = [:]
            for member in others where table.updateValue(member.value, forKey: member.key) != nil { return false }
            return members.allSatisfy { member in
                guard let value = table.removeValue(forKey: member.key) else { return false }
                return member.value.equalsAsRecorded(value, redacted: redacted || redacts(member.key), redacts: redacts)
            }
        default:
            return self == other
        }
    }

    /// Arrays matched by id, in the inspector's order: elements removed, then moves (by the
    /// inspector's ``MovePlan``, so the same elements are said to move), then the new array's
    /// elements, added or changed.
    private static func changes(
        _ old: [EncodedValue], _ oldIDs: [String], to new: [EncodedValue], _ newIDs: [String], path: String,
        redacts: (String) -> Bool, into result: inout [EncodedChange]
    ) {
        let oldIndexByID = Dictionary(uniqueKeysWithValues: zip(oldIDs, old.indices))
        let newIndexByID = Dictionary(uniqueKeysWithValues: zip(newIDs, new.indices))
        var kept: [Int] = []
        var keptOldIndices: [Int] = []
        for (oldIndex, id) in oldIDs.enumerated() {
            if let newIndex = newIndexByID[id] {
                kept.append(newIndex)
                keptOldIndices.append(oldIndex)
            } else {
                result.append(EncodedChange(marker: "-", path: "\(path)[id=\(id)]", old: old[oldIndex], new: nil))
            }
        }
        for move in MovePlan.moves(kept, oldIndices: keptOldIndices) {
            let id = newIDs[move.newIndex]
            result.append(
                EncodedChange(
                    marker: "↕", path: "\(path)[id=\(id)]", old: nil, new: nil, movedFrom: oldIndexByID[id],
                    movedTo: move.newIndex))
        }
        for (newIndex, id) in newIDs.enumerated() {
            let childPath = "\(path)[id=\(id)]"
            if let oldIndex = oldIndexByID[id] {
                old[oldIndex].changes(to: new[newIndex], path: childPath, redacted: false, redacts: redacts, into: &result)
            } else {
                result.append(EncodedChange(marker: "+", path: childPath, old: nil, new: new[newIndex]))
            }
        }
    }

    /// Each element's `id` as compact JSON, when every element is an object whose `id` is a
    /// scalar unique within the array (the inspector's rule); `nil` otherwise.
    private static func ids(of elements: [EncodedValue]) -> [String]? {
        let writer = JSONLineWriter(redactedKeys: [])
        var ids: [String] = []
        var seen: Set<String> = []
        for element in elements {
            guard case .object(let members) = element, let id = members.first(where: { $0.key == "id" })?.value
            else { return nil }
            switch id {
            case .array, .object: return nil
            case .null, .bool, .number, .string: break
            }
            var bytes: [UInt8] = []
            writer.write(id, to: &bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            guard seen.insert(text).inserted else { return nil }
            ids.append(text)
        }
        return ids
    }

    /// `path` followed by `key`, as the inspector writes paths: `.key` (or `key` first) for
    /// an identifier, else `["key"]`.
    private static func path(_ path: String, key: String) -> String {
        var key = key
        if key.withUTF8(PathText.isIdentifier) { return path.isEmpty ? key : "\(path).\(key)" }
        var quoted: [UInt8] = []
        JSONLineWriter.writeQuoted(key, to: &quoted)
        return "\(path)[\(String(decoding: quoted, as: UTF8.self))]"
    }
}
