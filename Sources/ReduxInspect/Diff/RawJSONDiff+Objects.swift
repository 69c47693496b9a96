extension RawDiffWalker {
    /// Members with byte-equal values are skipped. When both objects have the same plain keys
    /// in the same order, the usual case, members are paired by position; otherwise by key,
    /// as ``DiffWalker`` does: the new object's keys in its order, then the keys it lost.
    ///
    /// The first member that differs is usually the one a step changed, and when the bytes
    /// both objects start with reach into its value, which is an object or an array on both
    /// sides, its value is compared before the new object's members after it are skimmed
    /// (``diffFirstChangedValue(_:_:_:_:shared:sameUntil:depth:)``): comparing it finds where
    /// it ends, so it is not skimmed first only to be walked again.
    mutating func diffObjects(_ oldStart: Int, _ newStart: Int, depth: Int) throws(Malformed) -> (
        old: Int, new: Int
    ) {
        let oldBase = oldMembers.count
        let newBase = newMembers.count
        defer {
            oldMembers.truncate(to: oldBase)
            newMembers.truncate(to: newBase)
        }
        let oldEnd: Int
        if let cached = previousSkims.object(at: oldStart, in: old) {
            oldMembers.append(contentsOf: cached.members)
            oldEnd = cached.end
        } else {
            oldEnd = try old.members(ofObjectAt: oldStart, depth: depth, into: &oldMembers)
        }
        // Members wholly inside the bytes both objects start with are the same on both sides.
        let (shared, sameUntil) = Self.sharePrefix(
            of: oldMembers.buffer(from: oldBase), old, oldStart..<oldEnd, new, newStart, into: &newMembers)
        // Kept in the order of their starts, before the containers inside it.
        let slot = skims.reserve(objectAt: newStart)
        let changesBefore = changes.mark
        let compared = try diffFirstChangedValue(
            oldStart, newStart, oldBase, newBase, shared: shared, sameUntil: sameUntil, depth: depth)
        let skimmed = newMembers.count - newBase
        let newEnd = try new.members(
            ofObjectAt: newStart, resumingAt: skimmed > 0 ? newMembers[newMembers.count - 1].valueEnd : nil,
            depth: depth, into: &newMembers,
            guide: RawJSON.Guide(text: old, items: oldMembers.buffer(from: oldBase + skimmed)))
        skims.fill(slot, end: newEnd, members: newMembers.buffer(from: newBase))
        let eager = compared ? EagerMember(offset: shared, changesBefore: changesBefore) : nil

        let count = oldMembers.count - oldBase
        if count == newMembers.count - newBase && sameKeys(oldBase, newBase, count, shared: shared) {
            var repeatedKeys: Set<Int>?
            for offset in shared..<count where offset != eager?.offset {
                let oldMember = oldMembers[oldBase + offset]
                let newMember = newMembers[newBase + offset]
                guard !old.bytes(oldMember.value, equal: newMember.value, in: new),
                    !repeatsKey(newBase, offset, repeats: &repeatedKeys)
                else { continue }
                enter(.key(newMember.key, plain: true, side: .new))
                try diff(oldMember.value, newMember.value, depth: depth + 1)
                leave()
            }
        } else {
            try diffObjectsByKey(
                oldStart..<oldEnd, newStart..<newEnd, oldBase, newBase, eager: eager, depth: depth)
        }
        return (oldEnd, newEnd)
    }

    /// A member whose values ``diffFirstChangedValue(_:_:_:_:shared:sameUntil:depth:)``
    /// compared before the rest was skimmed: its position among both objects' members (the
    /// same on both sides), and how many changes there were before, so that they can be taken
    /// back when the objects turn out to be compared as trees.
    struct EagerMember {
        let offset: Int
        let changesBefore: RawChanges.Mark
    }

    /// Compares the values of the first members after the `shared` ones when the bytes both
    /// objects start with (up to `sameUntil` in the old text) hold its key and its value's
    /// first byte, an opening bracket, and appends the new member; returns whether it did.
    ///
    /// The new object then has a member with that key at the same place (the skim would find
    /// it in the same bytes), and whichever way members are paired, it is paired with this one
    /// and its changes come first: the members before are byte-equal, and their keys are not
    /// this one's (checked). Comparing the values checks the new one as skimming it would.
    private mutating func diffFirstChangedValue(
        _ oldStart: Int, _ newStart: Int, _ oldBase: Int, _ newBase: Int, shared: Int, sameUntil: Int,
        depth: Int
    ) throws(Malformed) -> Bool {
        guard oldBase + shared < oldMembers.count else { return false }
        let oldMember = oldMembers[oldBase + shared]
        let old = self.old
        guard oldMember.plainKey, oldMember.valueStart < sameUntil,
            old[oldMember.valueStart] == UInt8(ascii: "{") || old[oldMember.valueStart] == UInt8(ascii: "["),
            !oldMembers.buffer(oldBase..<oldBase + shared).contains(where: {
                old.bytes($0.key, equal: oldMember.key, in: old)
            })
        else { return false }
        var newMember = oldMember.shifted(by: newStart - oldStart)
        enter(.key(newMember.key, plain: true, side: .new))
        let ends: (old: Int, new: Int)
        if old[oldMember.valueStart] == UInt8(ascii: "{") {
            ends = try diffObjects(oldMember.valueStart, newMember.valueStart, depth: depth + 1)
        } else {
            ends = try diffArrays(oldMember.valueStart, newMember.valueStart, depth: depth + 1)
        }
        leave()
        newMember.valueEnd = ends.new
        newMembers.append(newMember)
        return true
    }

    /// Whether the members from `oldBase` and `newBase` on have the same plain keys in order;
    /// the first `shared` are known to have the same bytes.
    private func sameKeys(_ oldBase: Int, _ newBase: Int, _ count: Int, shared: Int) -> Bool {
        for offset in 0..<count {
            let oldMember = oldMembers[oldBase + offset]
            let newMember = newMembers[newBase + offset]
            guard oldMember.plainKey, newMember.plainKey else { return false }
            guard offset < shared || old.bytes(oldMember.key, equal: newMember.key, in: new) else {
                return false
            }
        }
        return true
    }

    /// Whether the plain key of new member `offset` (from `base`) is also an earlier one's:
    /// only the first member with a key counts.
    ///
    /// In an object of many members, the members that repeat an earlier key are found once,
    /// hashed, and kept in `repeats`: a step that changes every member of a large object (a
    /// dictionary of records by id, say) would otherwise compare each key with all those
    /// before it.
    private func repeatsKey(_ base: Int, _ offset: Int, repeats: inout Set<Int>?) -> Bool {
        let members = newMembers.buffer(from: base)
        if members.count > Self.pairwiseKeyLimit {
            if repeats == nil { repeats = Self.laterRepeats(of: members, in: new) }
            return repeats!.contains(offset)
        }
        let member = newMembers[base + offset]
        for earlier in newMembers.buffer(base..<base + offset)
        where new.bytes(earlier.key, equal: member.key, in: new) {
            return true
        }
        return false
    }

    /// Objects whose keys differ: members are paired by key, as ``DiffWalker`` does: the new
    /// object's keys in its order, then the keys it lost. Plain keys of small objects are
    /// compared by their bytes.
    private mutating func diffObjectsByKey(
        _ oldRange: Range<Int>, _ newRange: Range<Int>, _ oldBase: Int, _ newBase: Int, eager: EagerMember?,
        depth: Int
    ) throws(Malformed) {
        let oldCount = oldMembers.count - oldBase
        let newCount = newMembers.count - newBase
        guard oldMembers.buffer(from: oldBase).allSatisfy(\.plainKey),
            newMembers.buffer(from: newBase).allSatisfy(\.plainKey),
            oldCount <= Self.pairwiseKeyLimit, newCount <= Self.pairwiseKeyLimit
        else {
            try diffObjectsByDecodedKey(oldRange, newRange, oldBase, newBase, eager: eager, depth: depth)
            return
        }
        guard !Self.repeatsAnyKey(oldMembers.buffer(from: oldBase), in: old),
            !Self.repeatsAnyKey(newMembers.buffer(from: newBase), in: new)
        else {
            // Repeated keys, where first-wins lookups and `JSONObject`'s equality decide: rare
            // enough to leave to the trees, which list the eager member's changes again.
            if let eager { changes.rollBack(to: eager.changesBefore) }
            try diffParsed(oldRange, newRange)
            return
        }
        for offset in 0..<newCount where offset != eager?.offset {
            let newMember = newMembers[newBase + offset]
            if let oldMember = Self.member(
                withKeyOf: newMember, in: new, among: oldMembers.buffer(from: oldBase), in: old)
            {
                guard !old.bytes(oldMember.value, equal: newMember.value, in: new) else { continue }
                enter(.key(newMember.key, plain: true, side: .new))
                try diff(oldMember.value, newMember.value, depth: depth + 1)
            } else {
                enter(.key(newMember.key, plain: true, side: .new))
                try recordAddition(newMember.value)
            }
            leave()
        }
        for position in oldBase..<oldMembers.count {
            let oldMember = oldMembers[position]
            guard Self.member(withKeyOf: oldMember, in: old, among: newMembers.buffer(from: newBase), in: new) == nil
            else { continue }
            enter(.key(oldMember.key, plain: true, side: .old))
            try recordRemoval(oldMember.value)
            leave()
        }
    }

    /// Objects with keys that must be decoded to compare, or with many keys: members are
    /// paired through dictionaries of decoded keys.
    private mutating func diffObjectsByDecodedKey(
        _ oldRange: Range<Int>, _ newRange: Range<Int>, _ oldBase: Int, _ newBase: Int, eager: EagerMember?,
        depth: Int
    ) throws(Malformed) {
        var oldIndex: [String: Int] = [:]
        var newIndex: [String: Int] = [:]
        var newKeys: [String] = []
        var repeated = false
        for position in oldBase..<oldMembers.count {
            repeated =
                try oldIndex.updateValue(position, forKey: old.key(oldMembers[position])) != nil || repeated
        }
        for position in newBase..<newMembers.count {
            let key = try new.key(newMembers[position])
            newKeys.append(key)
            repeated = newIndex.updateValue(position, forKey: key) != nil || repeated
        }
        guard !repeated else {
            if let eager { changes.rollBack(to: eager.changesBefore) }
            try diffParsed(oldRange, newRange)
            return
        }
        for (offset, key) in newKeys.enumerated() where offset != eager?.offset {
            let newMember = newMembers[newBase + offset]
            if let position = oldIndex[key] {
                let oldMember = oldMembers[position]
                guard !old.bytes(oldMember.value, equal: newMember.value, in: new) else { continue }
                // The old spelling of a key the new side may write in another Unicode normal
                // form: a patch names the member of the document it is applied to.
                enter(.key(oldMember.key, plain: oldMember.plainKey, side: .old))
                try diff(oldMember.value, newMember.value, depth: depth + 1)
            } else {
                enter(.key(newMember.key, plain: newMember.plainKey, side: .new))
                try recordAddition(newMember.value)
            }
            leave()
        }
        for position in oldBase..<oldMembers.count {
            let oldMember = oldMembers[position]
            guard newIndex[try old.key(oldMember)] == nil else { continue }
            enter(.key(oldMember.key, plain: oldMember.plainKey, side: .old))
            try recordRemoval(oldMember.value)
            leave()
        }
    }

    /// The member of `members` (in `text`) with the same plain key as `member` (in `own`).
    private static func member(
        withKeyOf member: RawJSON.Member, in own: RawJSON, among members: UnsafeBufferPointer<RawJSON.Member>,
        in text: RawJSON
    ) -> RawJSON.Member? {
        members.first { own.bytes(member.key, equal: $0.key, in: text) }
    }

    /// Up to this many members, a key is compared with the others one by one rather than
    /// hashed.
    static let pairwiseKeyLimit = 32

    /// The positions of the members of `members` whose plain key an earlier one has, found by
    /// hashing the keys' bytes.
    private static func laterRepeats(of members: UnsafeBufferPointer<RawJSON.Member>, in text: RawJSON) -> Set<Int> {
        var seen = Set<RawBytes>(minimumCapacity: members.count)
        var repeats = Set<Int>()
        for (offset, member) in members.enumerated() where !seen.insert(RawBytes(text, member.key)).inserted {
            repeats.insert(offset)
        }
        return repeats
    }

    /// Whether two of `members` have the same plain key.
    private static func repeatsAnyKey(_ members: UnsafeBufferPointer<RawJSON.Member>, in text: RawJSON) -> Bool {
        for first in members.indices {
            for second in members.indices[(first + 1)...]
            where text.bytes(members[first].key, equal: members[second].key, in: text) {
                return true
            }
        }
        return false
    }
}
