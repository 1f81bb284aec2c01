// baseline_cin.cpp — the method of seed 000 (AcWing 891 with `cin`, stdio
// synchronised, int heaps): the baseline `make bench` compares against.
#include <iostream>
using namespace std;

int main() {
    int n;
    cin >> n;
    int res = 0;
    while (n--) {
        int x;
        cin >> x;
        res ^= x;
    }
    cout << (res ? "Yes" : "No") << endl;
    return 0;
}
