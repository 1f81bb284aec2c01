// Baseline.java — the method of seed 003 (AcWing 891 in Java: BufferedReader,
// readLine, split, parseInt): a second baseline for `make bench`.
import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Baseline {
    public static void main(String[] args) throws Exception {
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(r.readLine().trim());
        String[] s = r.readLine().split(" ");
        int t = 0;
        for (int i = 0; i < n; i++)
            t ^= Integer.parseInt(s[i]);
        System.out.println(t == 0 ? "No" : "Yes");
    }
}
