import Foundation

/// Plain ids (see ``RawJSON/isPlainScalar(_:)``) compared by their bytes: pairwise for the few
/// elements a step usually touches, hashed for long arrays.
enum RawIDs {
    /// Up to this many pairs are compared one by one rather than hashed.
    static let pairwiseLimit = 256

    /// Whether no id in `ids` repeats.
    static func areUnique(_ ids: UnsafeBufferPointer<Range<Int>>, in text: RawJSON) -> Bool {
        if ids.count * ids.count <= 2 * pairwiseLimit {
            for first in ids.indices {
                for second in ids.indices[(first + 1)...]
                where text.bytes(ids[first], equal: ids[second], in: text) {
                    return false
                }
            }
            return true
        }
        var seen = Set<RawBytes>(minimumCapacity: ids.count)
        for id in ids {
            guard seen.insert(RawBytes(text, id)).inserted else { return false }
        }
        return true
    }

    /// Appends to `matches`, for each id in `old`, the index in `new` of the same id, then for
    /// each id in `new`, the index in `old` of the same id; `nil` where there is none. The ids
    /// are unique on each side. Indices are those of the buffers, from 0.
    ///
    /// The matches go on a stack the caller keeps (and truncates), so that matching the few
    /// elements a step touches allocates nothing.
    static func match(
        _ old: UnsafeBufferPointer<Range<Int>>, in oldText: RawJSON, _ new: UnsafeBufferPointer<Range<Int>>,
        in newText: RawJSON, into matches: inout RawStack<Int?>
    ) {
        let newIndexBase = matches.count
        let oldIndexBase = newIndexBase + old.count
        matches.append(repeating: nil, count: old.count + new.count)
        if old.count * new.count <= pairwiseLimit {
            for oldIndex in old.indices {
                for newIndex in new.indices
                where matches[oldIndexBase + newIndex] == nil
                    && oldText.bytes(old[oldIndex], equal: new[newIndex], in: newText)
                {
                    matches[newIndexBase + oldIndex] = newIndex
                    matches[oldIndexBase + newIndex] = oldIndex
                    break
                }
            }
        } else {
            var newIndexByID: [RawBytes: Int] = [:]
            newIndexByID.reserveCapacity(new.count)
            for newIndex in new.indices { newIndexByID[RawBytes(newText, new[newIndex])] = newIndex }
            for oldIndex in old.indices {
                if let newIndex = newIndexByID[RawBytes(oldText, old[oldIndex])] {
                    matches[newIndexBase + oldIndex] = newIndex
                    matches[oldIndexBase + newIndex] = oldIndex
                }
            }
        }
    }
}

/// Bytes in a text, hashed and compared as bytes.
struct RawBytes: Hashable {
    let start: UnsafePointer<UInt8>
    let count: Int

    init(_ text: RawJSON, _ range: Range<Int>) {
        start = text.base + range.lowerBound
        count = range.count
    }

    static func == (lhs: RawBytes, rhs: RawBytes) -> Bool {
        lhs.count == rhs.count && memcmp(lhs.start, rhs.start, lhs.count) == 0
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes: UnsafeRawBufferPointer(start: start, count: count))
    }
}
